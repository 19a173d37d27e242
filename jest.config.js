/** Tests are JavaScript (see docs/testing.md: test tooling is not shipped code); the node's TypeScript is compiled on the fly. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js'],
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	moduleFileExtensions: ['ts', 'js', 'json'],
	setupFiles: ['<rootDir>/test/setupEnv.js'],
	testTimeout: 20_000,
	// Each file boots n8n-core; jest's default of one worker on two cores leaves one idle.
	maxWorkers: 2,
	// Every file loads n8n-core anew, and a worker's heap grows by some 20 MB per file (garbage V8
	// collects late) to 700 MB and more. Ending a process that large takes more than the 500 ms jest
	// waits at the end of a run once the CPU is busy, and jest then reports "A worker process has
	// failed to exit gracefully" though nothing was left open. A worker past this is replaced between files.
	workerIdleMemoryLimit: '400MB',
};

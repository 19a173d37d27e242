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
};

#!/usr/bin/env node
'use strict';
/*
 * The contributor's fast loop, well under the whole suite's time:
 *
 *   npm run test:quick [-- test/resources/<resource>/<operation>.test.js …]
 *
 * runs the fake's contract tests (test/fake/<resource>.test.js and the envelope's), the docs' tests
 * (the contract page held to the fake's tables and the node's URLs, the docs' tables to the code),
 * the walk over every operation in the newest node version only, the editor texts, and whatever
 * test files or folders are given after `--` (jest path patterns). `npm test` runs everything: the
 * walk in every node version, the fake's command line and connection tests (they start processes
 * and hold the event loop for seconds), the engine and the sending engine. Prints its time at the end.
 */

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
/** The fake's tests that start processes or block the event loop: `npm test` runs them. */
const SLOW_FAKE_TESTS = new Set(['cli.test.js', 'control.test.js', 'connections.test.js']);

const fakeTests = fs
	.readdirSync(path.join(ROOT, 'test/fake'))
	.filter((name) => name.endsWith('.test.js') && !SLOW_FAKE_TESTS.has(name))
	.map((name) => `test/fake/${name}`);
const quick = [...fakeTests, 'test/docs/', 'test/everyOperation.test.js', 'test/editor.test.js'];

const started = Date.now();
const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), ...quick, ...process.argv.slice(2)], {
	cwd: ROOT,
	stdio: 'inherit',
	env: { ...process.env, KAVENEGAR_WALK_NEWEST_VERSION_ONLY: '1' },
});
console.log(`test:quick took ${((Date.now() - started) / 1000).toFixed(1)} s; npm test runs the whole suite.`);
process.exit(jest.status ?? 1);

// ESLint for the JavaScript outside nodes/: the tests, the fake, the harness and the scripts.
// eslint.config.mjs must stay n8n's default (the package is in n8n's strict mode, which `n8n-node lint`
// checks), and its community-node rules are for node code; these files get ESLint's recommended rules.
import js from '@eslint/js';
import globals from 'globals';

export default [
	{
		files: ['test/**/*.js', 'scripts/**/*.js'],
		...js.configs.recommended,
		languageOptions: {
			ecmaVersion: 2022,
			sourceType: 'commonjs',
			globals: { ...globals.node },
		},
		rules: {
			...js.configs.recommended.rules,
			// Leaving keys out of an object by destructuring the rest is how these files copy without them.
			'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
			eqeqeq: ['error', 'always', { null: 'ignore' }],
			'no-var': 'error',
			'prefer-const': 'error',
		},
	},
	{
		files: ['test/**/*.js'],
		languageOptions: { globals: { ...globals.jest } },
	},
];

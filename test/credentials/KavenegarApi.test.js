const { startFakeKavenegar } = require('../fakeKavenegar');
const { testCredential, shutdownEngine } = require('../harness');

/** @type {import('../fakeKavenegar').FakeKavenegar} */
let fake;
beforeAll(async () => {
	fake = await startFakeKavenegar({ apiKey: 'A1b2/C3+d4=?' });
});
afterAll(async () => {
	await fake.close();
	shutdownEngine();
});
beforeEach(() => {
	fake.requests.length = 0;
});

describe('Kavenegar API credential test', () => {
	test('a good key passes, with the key URL-encoded in the path and trailing slashes of the base removed', async () => {
		const result = await testCredential({ apiKey: fake.apiKey, baseUrl: `${fake.url}//` });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(fake.requests).toHaveLength(1);
		expect(fake.requests[0]).toMatchObject({ method: 'GET', operation: 'account/info', apiKey: 'A1b2/C3+d4=?' });
	});

	test('a Base URL pasted with invisible marks (LRI … PDI, a zero-width space) is the same address', async () => {
		const result = await testCredential({ apiKey: fake.apiKey, baseUrl: `\u2066${fake.url}\u200b\u2069` });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(fake.requests).toHaveLength(1);
		expect(fake.requests[0]).toMatchObject({ operation: 'account/info', apiKey: 'A1b2/C3+d4=?' });
	});

	test.each(['status', '200'])('a wrong key shows "Invalid API key" (errors with HTTP %s)', async (mode) => {
		fake.errorMode = mode;
		try {
			const result = await testCredential({ apiKey: 'not-the-key', baseUrl: /** @type {string} */ (fake.url) });
			expect(result).toEqual({ status: 'Error', message: 'Invalid API key: check the key in your Kavenegar panel' });
			expect(JSON.stringify(result)).not.toContain('not-the-key');
		} finally {
			fake.errorMode = 'status';
		}
	});

	test('a base URL that is not the Kavenegar API fails instead of passing', async () => {
		fake.injectFault({ kind: 'html502' });
		const result = await testCredential({ apiKey: fake.apiKey, baseUrl: /** @type {string} */ (fake.url) });
		expect(result).toEqual({ status: 'Error', message: 'The Base URL did not answer like the Kavenegar API: check it' });
	});
});

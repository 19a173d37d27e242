/**
 * README.md (English, for n8n users) and README.fa.md (the Persian guide) are the two pages a user
 * starts from: what scripts/checkDocs.js keeps true of them, on this repository and on small ones.
 */
const fs = require('node:fs');
const path = require('node:path');
const { useTempRepositories } = require('../tempRepository');
const { checkDocs, operationsOf, tableRowsOf } = require('../../scripts/checkDocs');
const { Kavenegar } = require('../../nodes/Kavenegar/Kavenegar.node');

const ROOT = path.resolve(__dirname, '../..');
const OPERATIONS = operationsOf(new Kavenegar().description.properties);
const LRI = '\u2066';
const PDI = '\u2069';

/** A small repository on disk, as checkDocs reads one. */
const repository = useTempRepositories('check-readmes-');

const GUIDE_TABLE = '| Resource | Operation | کاربرد |\n|---|---|---|\n| SMS | Send, Cancel | پیامک |\n';

describe('the READMEs of this repository', () => {
	test('the node\'s operations, as checkDocs reads them, are every Resource → Operation the editor offers, Check Code among them', () => {
		expect(OPERATIONS.length).toBeGreaterThan(25);
		expect(OPERATIONS).toEqual(expect.arrayContaining([['SMS', 'Send'], ['Verify', 'Send Code'], ['Verify', 'Check Code'], ['Voice Call', 'Send Voice Message']]));
	});

	test('both list every operation, name only examples that exist, link only to what exists, and the guide reads right to left', () => {
		expect(checkDocs(ROOT, { operations: OPERATIONS })).toEqual([]);
	});

	test('README.md links to the Persian guide in its first lines', () => {
		const firstLines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').slice(0, 5).join('\n');
		expect(firstLines).toContain('](README.fa.md)');
	});

	test('the guide shows each flow\'s example and the errors people meet, with Kavenegar\'s own Persian message', () => {
		const guide = fs.readFileSync(path.join(ROOT, 'README.fa.md'), 'utf8');
		for (const example of [
			'otp-request-code.json',
			'otp-check-code.json',
			'nowruz-campaign-jalali-send-at.json',
			'webhook-yes-confirms-order.json',
			'webhook-delivery-updates-crm.json',
			'approval-by-sms.json',
			'crm-personal-messages-to-1000-contacts.json',
		]) {
			expect(guide).toContain(`](examples/${example})`);
		}
		for (const code of ['403', '407', '412', '416', '418', '420', '424', '429']) expect(guide).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
		expect(guide).toContain('اعتبار حساب شما کافی نیست');
		expect(guide).toContain('الگوی مورد نظر پیدا نشد');
	});

	test('both walk a new user to a working login code in the same order, with the UI of n8n 2.8 and 2.41', () => {
		// The first SMS, the template and its %token, the import (the workflow's ⋯ menu), the template's
		// name, the credential (tested on Save: no Test button), the two webhooks, Publish, Code Valid For, WEBHOOK_URL.
		const steps = ['Execute step', '%token', 'Import from File…', 'shopLogin', '/webhook/kavenegar-otp/request', '/webhook/kavenegar-otp/check', 'Publish', 'WEBHOOK_URL'];
		for (const name of ['README.md', 'README.fa.md']) {
			const text = fs.readFileSync(path.join(ROOT, name), 'utf8');
			let from = 0;
			// Each step after the one before it: a step missing or out of order is named with its page.
			const missing = steps.filter((step) => {
				const at = text.indexOf(step, from);
				from = at === -1 ? from : at;
				return at === -1;
			});
			expect({ name, missing }).toEqual({ name, missing: [] });
			expect(text).not.toMatch(/Workflows → Import from File|\*\*Test\*\* calls/);
		}
		const guide = fs.readFileSync(path.join(ROOT, 'README.fa.md'), 'utf8');
		for (const fact of ['Code Valid For', 'signUpsPerHour', 'checkId', 'X-Otp-Key', 'unknown_check', 'too_many_attempts', 'EBADDEVENGINES', 'استرداد وجه', 'درخواست‌های پیاپی']) expect(guide).toContain(fact);
		expect(guide).not.toMatch(/بازپرداخت/);
	});
});

describe('checkDocs on the READMEs', () => {
	test('finds an operation missing from either README, an example that does not exist, an isolate left open and a guide outside its right-to-left block', () => {
		const root = repository({
			'package.json': '{}',
			'README.md': '# x\n\n| Resource | Operation | Note |\n|---|---|---|\n| SMS | Send | One. |\n\nSee `examples/gone.json`.\n',
			'README.fa.md': `${GUIDE_TABLE}\nفیلد ${LRI}Send At و ${LRI}Message${PDI}.\n`,
			'examples/here.json': '{}',
		});
		expect(checkDocs(root, { operations: [['SMS', 'Send'], ['SMS', 'Cancel']] })).toEqual([
			'README.md: names examples/gone.json, which does not exist',
			"README.md: the node's SMS → Cancel is in no row of an operations table (| SMS | Cancel | … |)",
			'README.fa.md:5: an isolate (LRI, RLI or FSI … PDI) is not closed on its line',
			'README.fa.md: its text must sit in <div dir="rtl"> … </div>, each on a line of its own with a blank line after and before, so that it reads right to left and Markdown inside is still read',
		]);
	});

	test('a guide in its right-to-left block, isolates closed, names that exist and every operation listed: no finding', () => {
		const root = repository({
			'package.json': '{}',
			'README.md': '# x\n\nPersian guide: [README.fa.md](README.fa.md)\n\n| Resource | Operation | Note |\n|---|---|---|\n| SMS | Send, Cancel | One. |\n',
			'README.fa.md': `<div dir="rtl" lang="fa">\n\n${GUIDE_TABLE}\nنمونه‌ی [\`here.json\`](examples/here.json) و ${LRI}Additional Fields → Send At${PDI}.\n\n</div>\n`,
			'examples/here.json': '{}',
		});
		expect(checkDocs(root, { operations: [['SMS', 'Send'], ['SMS', 'Cancel']] })).toEqual([]);
	});

	test('finds what a copy would carry a direction mark with: a mark inside code, an isolate around code or a value; and a workflow named bare that is no example', () => {
		const RLM = '\u200f';
		const root = repository({
			'package.json': '{}',
			'README.fa.md': [
				`<div dir="rtl" lang="fa">`,
				'',
				GUIDE_TABLE,
				`شماره را \`${LRI}09121234567${PDI}\` بنویسید و <code dir="ltr">{"phone": "0912${RLM}"}</code> را بفرستید.`,
				'',
				'<div dir="ltr">',
				'',
				'```sh',
				`curl -d '{"code": "${LRI}12345${PDI}"}'`,
				'```',
				'',
				'</div>',
				'',
				`تاریخ ${LRI}1406/01/01 09:00${PDI}، مسیر ${LRI}/webhook/kavenegar-otp/check${PDI}، الگوی ${LRI}\`shopLogin\`${PDI} و کد ${LRI}+98${PDI}.`,
				'',
				`نمونه‌ی [\`otp-gone.json\`](examples/here.json) و \`package.json\` و ${LRI}Additional Fields → Code Valid For${PDI} و ${LRI}n8n${PDI}.`,
				'',
				'</div>',
				'',
			].join('\n'),
			'examples/here.json': '{}',
		});
		expect(checkDocs(root)).toEqual([
			'README.fa.md: names otp-gone.json, which is no example (examples/otp-gone.json does not exist)',
			'README.fa.md:7: an invisible direction mark (U+2066) inside code, "`09121234567`": a copy carries it',
			'README.fa.md:7: an invisible direction mark (U+200F) inside code, "<code dir=\\"ltr\\">{\\"phone\\": \\"0912\\"}</code>": a copy carries it',
			'README.fa.md:12: an invisible direction mark (U+2066) inside code, "```sh\\ncurl -d \'{\\"code\\": \\"12345\\"}\'\\n```": a copy carries it',
			'README.fa.md:17: "1406/01/01 09:00" sits between invisible isolate marks, which a copy carries: put a value in code (<code dir="ltr">…</code> or a fenced block), with no mark',
			'README.fa.md:17: "/webhook/kavenegar-otp/check" sits between invisible isolate marks, which a copy carries: put a value in code (<code dir="ltr">…</code> or a fenced block), with no mark',
			'README.fa.md:17: "shopLogin" sits between invisible isolate marks, which a copy carries: put a value in code (<code dir="ltr">…</code> or a fenced block), with no mark',
			'README.fa.md:17: "+98" sits between invisible isolate marks, which a copy carries: put a value in code (<code dir="ltr">…</code> or a fenced block), with no mark',
		]);
	});

	test('table rows are read without markup or isolates', () => {
		expect(tableRowsOf(`| **${LRI}Verification Template${PDI}** | \`Create\`, Get | … |\n| not a table |\n`)).toEqual([
			['Verification Template', ['Create', 'Get']],
		]);
	});
});

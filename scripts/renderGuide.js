#!/usr/bin/env node
'use strict';
/*
 * npm run docs:render: a README as a reader sees it, to look at. Renders the Markdown as GitHub does
 * (GFM by marked, a devDependency; HTML outside GitHub's allowlist dropped, as its sanitizer does),
 * puts it in a page with GitHub-like CSS and takes full-page screenshots in headless Chromium, at a
 * desktop width and a phone width. Made for README.fa.md, the Persian guide, which must read right
 * to left with the English field names in order.
 *
 *   node scripts/renderGuide.js [FILE.md ...] [--out DIR] [--npm]
 *
 * FILE defaults to README.fa.md. --npm drops `dir` and `lang` too, as npm's README sanitizer does
 * (it keeps no `dir`), to see what is left without them. Screenshots go to a new folder under the
 * system's temp folder unless --out names one: the whole page (NAME.WIDTH.png) and the page a
 * screen at a time (NAME.WIDTH.1.png, …). The script prints their paths and, per page, how many text
 * blocks the browser laid out right to left and left to right.
 *
 * GitHub gives each p, h1–h6, ul, ol and div of a README `dir="auto"` (a div the author wrote only
 * when it has no dir of its own), and wraps a fenced block with a language in a div that has it
 * (rehype-github-dir's fixtures, made from github.com's own HTML): each such block then takes the
 * direction of its first strong letter, whatever the `<div dir="rtl">` around it says. Chromium's
 * dir=auto does not skip an LRI…PDI isolate (it skips only elements such as bdi, which GitHub drops),
 * so a paragraph or a list that starts with an isolated English name, a link or code in English is
 * drawn left to right. The page gets the same attributes (not with --npm: npm adds none), and the
 * script fails if, inside an author's `dir="rtl"`:
 *   - a block turns left to right (code blocks aside);
 *   - the letters of an English name between LRI and PDI are not drawn left to right;
 *   - a code span without Persian letters is not drawn left to right: a value such as
 *     `1406/01/01 09:00` or `{"phone": "…"}` in plain backticks is reordered by the Persian around
 *     it; `<code dir="ltr">` or a fenced block keeps it whole, with no invisible mark for a copy to carry.
 *
 * Needs Chromium from Debian (/usr/bin/chromium; EDITOR_CHROMIUM names another) and playwright-core.
 */
/* global document, getComputedStyle, NodeFilter, Text -- the function given to page.evaluate runs in the page */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '..');
const CHROMIUM = process.env.EDITOR_CHROMIUM || '/usr/bin/chromium';
// Without the background-networking flags Chromium tries hosts off this machine at every start.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WIDTHS = { desktop: { width: 1012, height: 900 }, phone: { width: 390, height: 844 } };

// GitHub's sanitizer: the elements it keeps (others are dropped, their text kept) and, of the attributes it keeps, those a README here may use.
const GITHUB_TAGS = new Set(
	'h1 h2 h3 h4 h5 h6 h7 h8 br b i strong em a pre code img tt div ins del sup sub p picture ol ul table thead tbody tfoot blockquote dl dt dd kbd q samp var hr ruby rt rp li tr td th s strike summary details caption figure figcaption abbr bdo cite dfn mark small source span time wbr'.split(' '),
);
const GITHUB_ATTRIBUTES = new Set(['align', 'alt', 'colspan', 'dir', 'href', 'id', 'lang', 'open', 'rowspan', 'src', 'start', 'title']);

const CSS = `
body { margin: 0; background: #fff; color: #1f2328; }
.markdown-body { box-sizing: border-box; max-width: 980px; margin: 0 auto; padding: 32px 16px;
  font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
  font-size: 16px; line-height: 1.5; word-wrap: break-word; }
.markdown-body h1, .markdown-body h2 { padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3; }
.markdown-body h1 { font-size: 2em; } .markdown-body h2 { font-size: 1.5em; margin-top: 24px; }
.markdown-body h3 { font-size: 1.25em; margin-top: 24px; }
.markdown-body a { color: #0969da; text-decoration: underline; text-underline-offset: .2rem; }
.markdown-body code { padding: .2em .4em; font-size: 85%; background: #818b981f; border-radius: 6px;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
.markdown-body pre { padding: 16px; overflow: auto; font-size: 85%; line-height: 1.45; background: #f6f8fa; border-radius: 6px; }
.markdown-body pre code { padding: 0; background: transparent; font-size: 100%; }
.markdown-body table { display: block; width: max-content; max-width: 100%; overflow: auto; border-spacing: 0; border-collapse: collapse; }
.markdown-body th, .markdown-body td { padding: 6px 13px; border: 1px solid #d1d9e0; }
.markdown-body tr:nth-child(2n) { background: #f6f8fa; }
.markdown-body ul, .markdown-body ol { padding-inline-start: 2em; }
`;

/**
 * Keeps what GitHub's sanitizer keeps; with `npm`, no `dir` or `lang` either.
 * @param {string} html
 * @param {boolean} npm
 */
function sanitize(html, npm) {
	return html
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*"|='[^']*'|=[^\s>]+)?)*)\s*(\/?)>/g, (_tag, close, name, attributes, selfClose) => {
			if (!GITHUB_TAGS.has(name.toLowerCase())) return '';
			const kept = [...attributes.matchAll(/\s+([^\s=>]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)]
				.filter(([, attribute]) => GITHUB_ATTRIBUTES.has(attribute.toLowerCase()) && !(npm && /^(dir|lang)$/i.test(attribute)))
				.map(([whole]) => whole);
			return `<${close}${name}${kept.join('')}${selfClose ? ' /' : ''}>`;
		});
}

/**
 * A fenced block with a language in the div GitHub puts it in, with its `dir="auto"`: done on marked's
 * HTML, whose language class the sanitizer then drops.
 * @param {string} html
 */
function githubCodeBlocks(html) {
	return html.replace(/<pre><code class="language-[^"]*">([\s\S]*?)<\/code><\/pre>/g, '<div dir="auto"><pre><code>$1</code></pre></div>');
}

/**
 * The `dir="auto"` GitHub adds to each p, h1–h6, ul, ol and div that has no dir of its own.
 * @param {string} html sanitized
 */
function githubDirAuto(html) {
	return html.replace(/<(p|h[1-6]|ul|ol|div)((?:\s[^>]*)?)>/g, (tag, name, attributes) => (/\sdir=/.test(attributes) ? tag : `<${name}${attributes} dir="auto">`));
}

/**
 * The page's body from marked's HTML, as GitHub's sanitizer and renderer leave it (npm's page adds no
 * dir of its own).
 * @param {string} html
 * @param {boolean} npm
 */
function githubBody(html, npm) {
	return npm ? sanitize(html, npm) : githubDirAuto(sanitize(githubCodeBlocks(html), npm));
}

/**
 * @param {string} file
 * @param {boolean} npm
 */
async function pageHtml(file, npm) {
	const { marked } = await import('marked');
	const body = githubBody(await marked.parse(fs.readFileSync(file, 'utf8'), { gfm: true }), npm);
	return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>${CSS}</style></head><body><article class="markdown-body">${body}</article></body></html>`;
}

async function main() {
	const args = process.argv.slice(2);
	const outAt = args.indexOf('--out');
	const out = outAt === -1 ? fs.mkdtempSync(path.join(os.tmpdir(), 'render-guide-')) : path.resolve(args[outAt + 1]);
	const npm = args.includes('--npm');
	const files = args.filter((arg, at) => !arg.startsWith('--') && (outAt === -1 || at !== outAt + 1));
	fs.mkdirSync(out, { recursive: true });
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'render-guide-profile-'));
	const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
	try {
		for (const file of files.length > 0 ? files : ['README.fa.md']) {
			const html = await pageHtml(path.resolve(ROOT, file), npm);
			const name = `${path.basename(file, '.md')}${npm ? '.npm' : ''}`;
			fs.writeFileSync(path.join(out, `${name}.html`), html);
			for (const [width, viewport] of Object.entries(WIDTHS)) {
				const page = await context.newPage();
				await page.setViewportSize(viewport);
				await page.setContent(html, { waitUntil: 'load' });
				const shot = path.join(out, `${name}.${width}.png`);
				await page.screenshot({ path: shot, fullPage: true });
				// The page a screen at a time too: a viewer shrinks a tall full page until its text is unreadable.
				// Scrolled there and shot as the screen shows it: a clip of the full page draws the whole page
				// again for every screen, which made the guide's phone run minutes long.
				const height = await page.evaluate(() => document.documentElement.scrollHeight);
				for (let top = 0, part = 1; top < height; top += viewport.height, part++) {
					await page.evaluate((y) => document.documentElement.scrollTo(0, y), top);
					await page.screenshot({ path: shot.replace(/\.png$/, `.${part}.png`) });
				}
				const { directions, turned, isolates, outOfOrder, codeSpans, codeOutOfOrder } = await page.evaluate(() => {
					/** @type {Record<string, number>} */
					const directions = {};
					for (const block of Array.from(document.querySelectorAll('p, li, td, th, h1, h2, h3'))) {
						const direction = getComputedStyle(block).direction;
						directions[direction] = (directions[direction] ?? 0) + 1;
					}
					/** Whether the nearest dir the author wrote around an element (GitHub's auto aside) is rtl. @param {Element} element */
					const inRightToLeft = (element) => element.parentElement?.closest('[dir="rtl"], [dir="ltr"]')?.getAttribute('dir') === 'rtl';
					// A block GitHub gave dir="auto" that its first strong letter turned left to right; a code block's div is meant to.
					const turned = Array.from(document.querySelectorAll('[dir="auto"]'))
						.filter((block) => inRightToLeft(block) && !block.querySelector(':scope > pre') && getComputedStyle(block).direction === 'ltr')
						.map((block) => `<${block.tagName.toLowerCase()}> ${(block.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80)}`);
					const range = document.createRange();
					/**
					 * Whether characters from…to of a text node are drawn left to right: on one line, each right of the one before.
					 * @param {Text} text
					 * @param {number} from
					 * @param {number} to
					 */
					const drawnInOrder = (text, from, to) => {
						let previous;
						for (let at = from; at < to; at++) {
							range.setStart(text, at);
							range.setEnd(text, at + 1);
							const box = range.getBoundingClientRect();
							if (box.width === 0) continue;
							if (previous && Math.abs(box.top - previous.top) < 2 && box.left < previous.left) return false;
							previous = box;
						}
						return true;
					};
					const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
					let isolates = 0;
					/** @type {string[]} */
					const outOfOrder = [];
					for (let node = walker.nextNode(); node; node = walker.nextNode()) {
						const text = /** @type {Text} */ (node);
						for (const match of text.data.matchAll(/\u2066([^\u2069]*)\u2069/g)) {
							isolates++;
							const from = (match.index ?? 0) + 1;
							if (!drawnInOrder(text, from, from + match[1].length)) outOfOrder.push(match[1]);
						}
					}
					// Code spans in the right-to-left part with no Persian letter (Persian digits are drawn left to right; Persian words right to left, as they should).
					const spans = Array.from(document.querySelectorAll('code')).filter(
						(code) => !code.closest('pre') && inRightToLeft(code) && !/[\p{sc=Arabic}\p{sc=Hebrew}]/u.test((code.textContent ?? '').replace(/\p{Nd}/gu, '')),
					);
					const codeOutOfOrder = spans
						.filter((code) => Array.from(code.childNodes).some((child) => child instanceof Text && !drawnInOrder(child, 0, child.data.length)))
						.map((code) => code.textContent ?? '');
					return { directions, turned, isolates, outOfOrder, codeSpans: spans.length, codeOutOfOrder };
				});
				const list = (/** @type {string[]} */ found) => found.map((what) => `\n  ${what}`).join('');
				console.log(
					`${shot}: text blocks laid out ${JSON.stringify(directions)}; ${turned.length} turned left to right by GitHub's dir="auto"${list(turned)}\n` +
						`  ${isolates} LRI…PDI isolates, ${outOfOrder.length} drawn out of order${list(outOfOrder)}\n` +
						`  ${codeSpans} code spans without Persian letters in the right-to-left part, ${codeOutOfOrder.length} drawn out of order${list(codeOutOfOrder)}`,
				);
				if (turned.length + outOfOrder.length + codeOutOfOrder.length > 0) process.exitCode = 1;
				await page.close();
			}
		}
	} finally {
		await context.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

module.exports = { githubBody };

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
}

/**
 * The page scripts/renderGuide.js draws (npm run docs:render): marked's HTML as GitHub's sanitizer and
 * renderer leave it, with the dir="auto" GitHub adds to each block. Drawing it needs Chromium, and
 * marked is an ES module jest does not load; what goes into the page is tested here on the HTML
 * marked makes.
 */
const { githubBody } = require('../../scripts/renderGuide');

/** HTML as marked renders the guide's kinds of blocks inside the author's right-to-left div. */
const MARKED = [
	'<div dir="rtl" lang="fa">',
	'<h1>راهنما</h1>',
	'<p>متن با <code dir="ltr">{&quot;a&quot;: 1}</code> و <bdi>x</bdi>.</p>',
	'<ul>\n<li>یک</li>\n</ul>',
	'<ol>\n<li>دو</li>\n</ol>',
	'<div>\n<p>سه</p>\n</div>',
	'<pre><code class="language-sh">npm ci\n</code></pre>',
	'<pre><code>plain\n</code></pre>',
	'<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>b</td>\n</tr>\n</tbody></table>',
	'</div>',
].join('\n');

describe('the page docs:render draws', () => {
	test('GitHub\'s dir="auto" on each p, heading, list and div without a dir of its own, and on the div of a fenced block with a language; none on cells, none on the author\'s div; <bdi> dropped', () => {
		expect(githubBody(MARKED, false)).toBe(
			[
				'<div dir="rtl" lang="fa">',
				'<h1 dir="auto">راهنما</h1>',
				'<p dir="auto">متن با <code dir="ltr">{&quot;a&quot;: 1}</code> و x.</p>',
				'<ul dir="auto">\n<li>یک</li>\n</ul>',
				'<ol dir="auto">\n<li>دو</li>\n</ol>',
				'<div dir="auto">\n<p dir="auto">سه</p>\n</div>',
				'<div dir="auto"><pre><code>npm ci\n</code></pre></div>',
				'<pre><code>plain\n</code></pre>',
				'<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>b</td>\n</tr>\n</tbody></table>',
				'</div>',
			].join('\n'),
		);
	});

	test('as npm draws it: no dir or lang at all, none added', () => {
		expect(githubBody(MARKED, true)).not.toMatch(/\s(dir|lang)=/);
	});
});

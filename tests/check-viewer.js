// Drive speedscope in headless chromium for tests/check-viewer.sh:
//   node check-viewer.js URL FRAME SCREENSHOT
// URL opens speedscope's sandwich view with the profile loaded from its
// hash. The sandwich view is a DOM table of function names: the search box
// (Ctrl+F) filters it by FRAME, and the rows left are read back, for each
// of the file's profiles (a Chrome trace has one per thread; "n" shows the
// next). Prints what it found; exits 0 when a row is FRAME, 1 when none is or
// the profile did not load.
'use strict';
const { chromium } = require('playwright-core');

const [url, frame, screenshot] = process.argv.slice(2);
const LOAD_MS = 30000, STEP_MS = 10000;
const problems = [];

// Speedscope names a trace event that has args "name {args as JSON}".
function isFrame(name) {
	return name === frame || name.startsWith(frame + ' {');
}

// Runs in the page: what speedscope shows now.
function readPage() {
	const view = { failed: document.body.innerText.includes('Something went wrong'),
		       names: null, noMatch: false, profile: 1, profiles: 1,
		       title: '' };
	// The counter "(i/N)" in the toolbar; there is none for one profile.
	for (const span of document.querySelectorAll('span')) {
		const m = /^\((\d+)\/(\d+)\)$/.exec(span.textContent.trim());
		if (m) {
			[view.profile, view.profiles] = [+m[1], +m[2]];
			view.title = ` of ${m[2]}, ` +
				span.parentElement.textContent.replace(m[0], '').trim();
		}
	}
	// The sandwich table: rows under the header with "Symbol Name".
	const th = [...document.querySelectorAll('th')]
		.find(th => th.textContent.includes('Symbol Name'));
	if (th) {
		const list = th.closest('table').parentElement;
		view.names = [...list.querySelectorAll('tr')]
			.filter(tr => tr.cells.length === 3 && tr.cells[0].tagName === 'TD')
			.map(tr => tr.cells[2].textContent);
		view.noMatch = list.innerText.includes('No symbol names match');
	}
	view.searching = document.activeElement.tagName === 'INPUT';
	return view;
}

// Poll the page until ready(view) holds; the last view, or null on timeout.
async function until(page, ms, ready) {
	const end = Date.now() + ms;
	for (;;) {
		const view = await page.evaluate(readPage);
		if (ready(view))
			return view;
		if (Date.now() > end)
			return null;
		await page.waitForTimeout(100);
	}
}

// The table shows only FRAME's matches for profile i.
function filtered(view, i) {
	return view.profile === i && view.names !== null &&
		(view.noMatch || view.names.length > 0 && view.names.every(
			n => n.toLowerCase().includes(frame.toLowerCase())));
}

async function findFrame(page) {
	const loaded = await until(page, LOAD_MS, v =>
		v.names !== null || v.failed || problems.length > 0);
	if (!loaded || loaded.failed || problems.length > 0) {
		if (loaded && loaded.failed)
			problems.push('speedscope: "Something went wrong" (import failed)');
		else if (!loaded)
			problems.push(`no sandwich table after ${LOAD_MS / 1000} s`);
		return false;
	}
	console.log(`${loaded.profiles} profile(s) loaded`);

	// Open the search box (it focuses its input on the next frame), type
	// FRAME, then leave the input so that "n" reaches speedscope.
	for (let tries = 0; !(await until(page, 2000, v => v.searching)); tries++) {
		if (tries === 3)
			throw new Error('Ctrl+F opened no search box');
		await page.keyboard.press('Control+f');
	}
	await page.keyboard.type(frame);
	await page.evaluate(() => document.activeElement.blur());

	const near = new Set();
	for (let i = 1; i <= loaded.profiles; i++) {
		if (i > 1)
			await page.keyboard.press('n');
		const view = await until(page, STEP_MS, v => filtered(v, i));
		if (!view)
			throw new Error(`profile ${i}: the table was not filtered`);
		const hit = view.names.find(isFrame);
		if (hit) {
			console.log(`profile ${i}${view.title}: row "${hit}"`);
			// Select it: the screenshot shows its callers and callees.
			await page.evaluate(name => [...document.querySelectorAll('tr')]
				.find(tr => tr.cells.length === 3 &&
				      tr.cells[2].textContent === name).click(), hit);
			return true;
		}
		view.names.forEach(n => near.add(n));
	}
	console.log(`no row is "${frame}" in ${loaded.profiles} profile(s)`);
	if (near.size > 0)
		console.log(`rows that contain it: ${[...near].slice(0, 5).join(', ')}`);
	return false;
}

async function main() {
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		// Root needs --no-sandbox. Speedscope draws with WebGL, which
		// headless chromium has only in software: ask for it outright,
		// as chromium is retiring its silent fallback to SwiftShader.
		args: ['--no-sandbox', '--use-angle=swiftshader',
		       '--enable-unsafe-swiftshader'],
	});
	let found = false;
	try {
		const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
		page.setDefaultTimeout(STEP_MS);
		page.on('dialog', d => {
			problems.push(`speedscope alert: ${d.message()}`);
			d.dismiss().catch(() => {});
		});
		page.on('pageerror', e => problems.push(`page error: ${e.message}`));
		page.on('response', r => {
			if (r.status() >= 400)
				problems.push(`HTTP ${r.status()} for ${r.url()}`);
		});
		await page.goto(url);
		try {
			found = await findFrame(page);
		} finally {
			await page.waitForTimeout(300);
			await page.screenshot({ path: screenshot });
		}
	} finally {
		await browser.close();
	}
	for (const p of problems)
		console.log(p);
	process.exit(found && problems.length === 0 ? 0 : 1);
}

main().catch(e => {
	// Playwright's messages carry colour codes and a long call log.
	const msg = String(e.message || e).replace(/\x1b\[[0-9;]*m/g, '');
	for (const p of problems)
		console.log(p);
	console.log(msg.split('\n')[0]);
	process.exit(1);
});

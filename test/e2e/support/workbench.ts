/**
 * Playwright helpers that drive the real VS Code web workbench served by vscodeServer.ts, in headless Debian
 * Chromium. Every wait polls a condition and fails with a message that says what it was waiting for and what it
 * saw instead. See test/e2e/README.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { findRepoRoot, type VscodeServer, type WorkbenchUrlOptions } from './vscodeServer';

/** The few DOM members the page-side callbacks use (the project's tsconfig has no DOM lib, on purpose). */
interface DomNode {
	readonly textContent: string | null;
	readonly className: string;
	readonly offsetParent: unknown;
	readonly classList: { contains(name: string): boolean };
	getAttribute(name: string): string | null;
	querySelector(selector: string): DomNode | null;
	querySelectorAll(selector: string): ArrayLike<DomNode>;
	closest(selector: string): DomNode | null;
}
declare const document: {
	querySelector(selector: string): DomNode | null;
	readonly body: { readonly innerText: string } | null;
};

/** Chromium flags for a closed network and a container without a sandbox or GPU. */
export const CHROMIUM_ARGS: readonly string[] = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export interface LaunchBrowserOptions {
	/** Chromium binary (default: the server install's, else `CHROMIUM`, else /usr/bin/chromium). */
	readonly executablePath?: string;
	/** Default true; `HEADFUL=1` in the environment turns it off (needs a display). */
	readonly headless?: boolean;
	/** Default 1400×900. */
	readonly viewport?: { readonly width: number; readonly height: number };
	/** More Chromium flags. */
	readonly args?: readonly string[];
}

export interface LaunchedBrowser {
	readonly context: BrowserContext;
	readonly page: Page;
	/** Closes Chromium and removes its fresh user-data-dir. */
	close(): Promise<void>;
}

/** Starts Chromium with a fresh profile folder; one page open. */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<LaunchedBrowser> {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-e2e-chromium-'));
	const headless = options.headless ?? process.env.HEADFUL !== '1';
	const args = [...CHROMIUM_ARGS, ...(options.args ?? [])].filter(
		(a) => headless || a !== '--headless',
	);
	let context: BrowserContext;
	try {
		context = await chromium.launchPersistentContext(profile, {
			executablePath: options.executablePath ?? process.env.CHROMIUM ?? '/usr/bin/chromium',
			headless,
			args,
			viewport: options.viewport ?? { width: 1400, height: 900 },
			timeout: 60_000,
		});
	} catch (err) {
		fs.rmSync(profile, { recursive: true, force: true });
		throw err;
	}
	const page = context.pages()[0] ?? (await context.newPage());
	let closed = false;
	return {
		context,
		page,
		async close(): Promise<void> {
			if (closed) {
				return;
			}
			closed = true;
			await context.close().catch(() => undefined);
			fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
		},
	};
}

/** Polls `probe` until it returns something other than undefined; throws `describe()` on timeout. */
export async function waitFor<T>(
	probe: () => Promise<T | undefined> | T | undefined,
	options: { timeoutMs?: number; intervalMs?: number; describe: () => Promise<string> | string },
): Promise<T> {
	const timeoutMs = options.timeoutMs ?? 15_000;
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	for (;;) {
		try {
			const value = await probe();
			if (value !== undefined) {
				return value;
			}
		} catch (err) {
			lastError = err;
		}
		if (Date.now() >= deadline) {
			let detail: string;
			try {
				detail = await options.describe();
			} catch (err) {
				detail = `(could not describe: ${String(err)})`;
			}
			const cause =
				lastError === undefined
					? ''
					: ` (last error: ${lastError instanceof Error ? lastError.message : JSON.stringify(lastError)})`;
			throw new Error(`Timed out after ${timeoutMs} ms: ${detail}${cause}`);
		}
		await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
	}
}

export interface NotificationInfo {
	readonly message: string;
	/** "HW Fixture" from "Source: HW Fixture", when shown. */
	readonly source: string | undefined;
	readonly severity: 'info' | 'warning' | 'error' | 'unknown';
	/** Button labels, in order. */
	readonly buttons: string[];
	/** Where it was read. */
	readonly where: 'toast' | 'center';
}

export interface TreeRow {
	/** The row's label text (`.label-name`). */
	readonly label: string;
	/** The row's description text, '' when none. */
	readonly description: string;
	/** The row's aria-label (label, description and tooltip as VS Code announces them). */
	readonly ariaLabel: string;
	/** 1 for top-level rows. */
	readonly level: number;
	/** undefined for leaves. */
	readonly expanded: boolean | undefined;
	readonly selected: boolean;
	/** Inline action labels shown on hover (aria-labels). */
	readonly actions: string[];
}

type TextMatch = string | RegExp;

function matches(text: string, match: TextMatch): boolean {
	return typeof match === 'string' ? text === match || text.includes(match) : match.test(text);
}

/** A pane's title as a header shows it: a string names the whole title, a pattern matches in it. */
function paneTitle(view: TextMatch): RegExp {
	return typeof view === 'string' ? new RegExp(`^\\s*${escapeRegExp(view)}\\s*$`) : view;
}

function show(match: TextMatch): string {
	return typeof match === 'string' ? JSON.stringify(match) : String(match);
}

const TOAST_ROWS = '.notifications-toasts .notification-toast .monaco-list-row';
const CENTER = '.notifications-center';
const CENTER_ROWS = '.notifications-center.visible .notifications-list-container .monaco-list-row';
const QUICK_INPUT = '.quick-input-widget';

export interface OpenWorkbenchOptions extends WorkbenchUrlOptions {
	readonly browser?: LaunchBrowserOptions;
	/** For the workbench to render (default 60 s). */
	readonly timeoutMs?: number;
}

/** Opens Chromium on the server's workbench and waits until the workbench is up. */
export async function openWorkbench(
	server: VscodeServer,
	options: OpenWorkbenchOptions = {},
): Promise<Workbench> {
	const browser = await launchBrowser({
		executablePath: server.install.chromium,
		...options.browser,
	});
	const workbench = new Workbench(server, browser);
	try {
		// A machine shared with other jobs can take long to serve the first page; the workbench wait below is the real check.
		await browser.page.goto(server.workbenchUrl(options), {
			waitUntil: 'domcontentloaded',
			timeout: options.timeoutMs ?? 90_000,
		});
		await workbench.waitForReady(options.timeoutMs ?? 60_000);
		return workbench;
	} catch (err) {
		await workbench.saveDiagnostics('openWorkbench-failed').catch(() => undefined);
		await browser.close();
		throw err;
	}
}

/** What a workbench needs of the server it shows: whether toasts are suppressed, and its logs for diagnostics. */
export type WorkbenchServer = Pick<VscodeServer, 'smokeTestDriver' | 'readLog'>;

/**
 * Opens Chromium on a workbench URL served by a server this process did not start (`npm start`), and waits until the
 * workbench is up.
 */
export async function openWorkbenchUrl(
	url: string,
	options: {
		readonly chromium: string;
		readonly readLog: () => string;
		readonly timeoutMs?: number;
	},
): Promise<Workbench> {
	const browser = await launchBrowser({ executablePath: options.chromium });
	const workbench = new Workbench({ smokeTestDriver: false, readLog: options.readLog }, browser);
	try {
		await browser.page.goto(url, {
			waitUntil: 'domcontentloaded',
			timeout: options.timeoutMs ?? 90_000,
		});
		await workbench.waitForReady(options.timeoutMs ?? 60_000);
		return workbench;
	} catch (err) {
		await workbench.saveDiagnostics('openWorkbenchUrl-failed').catch(() => undefined);
		await browser.close();
		throw err;
	}
}

/** One browser tab on the workbench, with helpers for the parts tests use. */
export class Workbench {
	readonly page: Page;
	readonly context: BrowserContext;
	/** Browser console errors and page errors seen so far, for diagnostics. */
	readonly browserErrors: string[] = [];
	/** Default timeout of every helper (ms). */
	timeoutMs = 20_000;
	/** `test-results/screenshots` under the repository (created on first use). */
	screenshotDir: string;

	constructor(
		readonly server: WorkbenchServer,
		private readonly browser: LaunchedBrowser,
	) {
		this.page = browser.page;
		this.context = browser.context;
		this.screenshotDir = path.join(findRepoRoot(), 'test-results', 'screenshots');
		this.page.on('pageerror', (err) => this.browserErrors.push(`pageerror: ${err.message}`));
		this.page.on('console', (msg) => {
			if (msg.type() === 'error') {
				this.browserErrors.push(`console.error: ${msg.text()}`);
			}
		});
	}

	/** Waits for the workbench shell: activity bar, side bar host, status bar, connected to the server. */
	async waitForReady(timeoutMs = 60_000): Promise<void> {
		const page = this.page;
		await waitFor(
			async () => {
				const ready = await page.evaluate(() => {
					const visible = (sel: string): boolean => {
						const el = document.querySelector(sel);
						return !!el && el.offsetParent !== null;
					};
					return (
						visible('.monaco-workbench') &&
						visible('.part.activitybar .action-item') &&
						visible('.part.statusbar') &&
						!!document.querySelector('#status\\.host')
					);
				});
				return ready || undefined;
			},
			{
				timeoutMs,
				describe: async () =>
					`workbench not ready at ${page.url()}; body: ${(
						await page
							.locator('body')
							.innerText()
							.catch(() => '')
					).slice(0, 300)}; browser errors: ${this.browserErrors.slice(-5).join(' | ')}`,
			},
		);
	}

	// ---------------------------------------------------------------- commands

	/**
	 * Runs a command from the command palette by its full title as the palette shows it
	 * ("Category: Title"). Waits for the exact row, clicks it and waits for the palette to close, or, with
	 * `opensQuickPick`, for the command's own quick pick to replace it (answer that with pickQuickPickItem).
	 */
	async runCommand(
		title: string,
		options: { timeoutMs?: number; opensQuickPick?: boolean } = {},
	): Promise<void> {
		const page = this.page;
		const timeoutMs = options.timeoutMs ?? this.timeoutMs;
		const deadline = Date.now() + timeoutMs;
		const input = page.locator(`${QUICK_INPUT} .quick-input-box input`);
		const rows = page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`);
		let lastRows: string[] = [];
		// The palette lists the commands known when it opens: an extension that registers its contributions a
		// moment later is only seen by a reopened palette. So: short attempts, reopening, until the deadline.
		for (let attempt = 1; ; attempt++) {
			await this.openPalette(title, deadline);
			// The palette can close again at once (the Agent Host's chat takes focus as it starts): then open it anew.
			const filled = await input
				.fill(`>${title}`, { timeout: Math.max(1_000, Math.min(3_000, deadline - Date.now())) })
				.then(() => true)
				.catch((err: unknown) => {
					if (Date.now() >= deadline) {
						throw err;
					}
					return false;
				});
			if (!filled) {
				continue;
			}
			const index = await waitFor(
				async () => {
					lastRows = await this.quickInputLabels(rows);
					const i = lastRows.indexOf(title);
					return i >= 0 ? i : undefined;
				},
				{
					timeoutMs: Math.max(0, Math.min(attempt === 1 ? 2_000 : 4_000, deadline - Date.now())),
					describe: () => '',
				},
			).catch(() => undefined);
			if (index !== undefined) {
				// Something that opens meanwhile (a walkthrough, a view taking focus) can hide the palette between
				// listing the row and clicking it; then the palette is opened again, until the deadline.
				const clicked = await rows
					.nth(index)
					.click({ timeout: Math.max(1_000, Math.min(5_000, deadline - Date.now())) })
					.then(() => true)
					.catch((err: unknown) => {
						if (Date.now() >= deadline) {
							throw err;
						}
						return false;
					});
				if (!clicked) {
					continue;
				}
				if (options.opensQuickPick) {
					await waitFor(
						async () =>
							(await page.locator(QUICK_INPUT).isVisible()) &&
							(await input.inputValue()) !== `>${title}`
								? true
								: undefined,
						{
							timeoutMs: Math.max(1_000, deadline - Date.now()),
							describe: () => `${JSON.stringify(title)} opened no quick pick of its own`,
						},
					);
					return;
				}
				await page
					.locator(QUICK_INPUT)
					.waitFor({ state: 'hidden', timeout: Math.max(1_000, deadline - Date.now()) })
					.catch((err: unknown) => {
						throw new Error(`command palette stayed open after choosing ${JSON.stringify(title)}`, {
							cause: err,
						});
					});
				return;
			}
			if (Date.now() >= deadline) {
				await this.closeQuickInput();
				throw new Error(
					`Timed out after ${timeoutMs} ms (${attempt} palette openings): command ${JSON.stringify(title)} not in the palette; rows: ${JSON.stringify(lastRows)}`,
				);
			}
		}
	}

	/**
	 * Opens the command palette. A hover or a focused widget can swallow the first F1 (the palette then stays
	 * hidden), so each press gets a short wait and the next one starts from a closed hover and a moved mouse.
	 */
	private async openPalette(title: string, deadline: number): Promise<void> {
		const page = this.page;
		const input = page.locator(`${QUICK_INPUT} .quick-input-box input`);
		for (let press = 1; ; press++) {
			await this.closeQuickInput();
			if (press > 1) {
				// Only on a retry: Escape would also hide a notification toast a test may still need.
				await page.mouse.move(0, 0);
				await page.keyboard.press('Escape');
			}
			await page
				.locator('.monaco-workbench')
				.focus()
				.catch(() => undefined);
			await page.keyboard.press('F1');
			const remaining = deadline - Date.now();
			const opened = await input
				.waitFor({ state: 'visible', timeout: Math.max(1_000, Math.min(3_000, remaining)) })
				.then(() => true)
				.catch((err: unknown) => {
					if (remaining <= 3_000) {
						throw new Error(`command palette did not open for ${JSON.stringify(title)}`, {
							cause: err,
						});
					}
					return false;
				});
			if (opened) {
				return;
			}
		}
	}

	private async quickInputLabels(rows: Locator): Promise<string[]> {
		return rows.evaluateAll((els: DomNode[]) =>
			els.map((el) => {
				const label = el.querySelector('.quick-input-list-label .label-name, .label-name');
				return (label?.textContent ?? el.getAttribute('aria-label') ?? '').trim();
			}),
		);
	}

	/** Waits for a quick pick the extension opened and returns its row labels, once at least one row shows. */
	async quickPickLabels(options: { timeoutMs?: number } = {}): Promise<string[]> {
		const rows = this.page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`);
		return waitFor(
			async () => {
				if (!(await this.page.locator(QUICK_INPUT).isVisible())) {
					return undefined;
				}
				const labels = await this.quickInputLabels(rows);
				return labels.length > 0 ? labels : undefined;
			},
			{
				timeoutMs: options.timeoutMs ?? this.timeoutMs,
				describe: () => 'no quick pick with rows opened',
			},
		);
	}

	/** Closes an open quick input (palette, quick pick) with Escape, if any. */
	async closeQuickInput(): Promise<void> {
		const widget = this.page.locator(QUICK_INPUT);
		if (await widget.isVisible()) {
			await this.page.keyboard.press('Escape');
			await widget.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
		}
	}

	/**
	 * Answers a quick pick the extension opened (showQuickPick / showInputBox): waits for the row whose label
	 * matches and clicks it.
	 */
	async pickQuickPickItem(label: TextMatch, options: { timeoutMs?: number } = {}): Promise<void> {
		const rows = this.page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`);
		const index = await waitFor(
			async () => {
				if (!(await this.page.locator(QUICK_INPUT).isVisible())) {
					return undefined;
				}
				const i = (await this.quickInputLabels(rows)).findIndex((l) => matches(l, label));
				return i >= 0 ? i : undefined;
			},
			{
				timeoutMs: options.timeoutMs ?? this.timeoutMs,
				describe: async () =>
					`quick pick item ${show(label)} not shown; rows: ${JSON.stringify(await this.quickInputLabels(rows))}`,
			},
		);
		// A short click timeout: when an editor VS Code opens meanwhile hid the pick, the caller asks again.
		await rows.nth(index).click({ timeout: 5_000 });
	}

	/**
	 * Runs "Hookwarden: Install Hooks", picks `scope` and waits for `hookFile`. On a loaded machine an editor VS Code
	 * opens meanwhile (its Welcome page, a walkthrough) can hide the scope pick before the row is clicked; then the
	 * command is run again, until the hook file is there.
	 */
	async installHooksWithCommand(scope: TextMatch, hookFile: string): Promise<void> {
		const deadline = Date.now() + 200_000;
		for (let attempt = 1; ; attempt++) {
			try {
				await this.runCommand('Hookwarden: Install Hooks', {
					opensQuickPick: true,
					timeoutMs: 60_000,
				});
				await this.pickQuickPickItem(scope, { timeoutMs: 15_000 });
				await waitFor(() => fs.existsSync(hookFile) || undefined, {
					timeoutMs: 20_000,
					describe: () => `no ${hookFile}`,
				});
				return;
			} catch (err) {
				if (Date.now() >= deadline) {
					throw new Error(`Install Hooks never wrote ${hookFile} (${attempt} attempts)`, {
						cause: err,
					});
				}
				await this.closeQuickInput();
			}
		}
	}

	// ---------------------------------------------------------------- notifications

	/** Notification toasts on screen now (none in smoke-test-driver mode, which suppresses toasts). */
	async toasts(): Promise<NotificationInfo[]> {
		return this.readNotificationRows(this.page.locator(TOAST_ROWS), 'toast');
	}

	/** Opens the Notification Center (status-bar bell) and reads every notification in it, newest first. */
	async notificationCenter(): Promise<NotificationInfo[]> {
		await this.openNotificationCenter();
		return this.readNotificationRows(this.page.locator(CENTER_ROWS), 'center');
	}

	/** Opens the Notification Center if closed. */
	async openNotificationCenter(): Promise<void> {
		const center = this.page.locator(`${CENTER}.visible`);
		if (await center.isVisible()) {
			return;
		}
		const bell = this.page.locator('#status\\.notifications a, #status\\.notifications').first();
		if (await bell.isVisible()) {
			await bell.click();
			await this.moveMouseAway(); // the bell's hover would otherwise cover the newest notification's buttons
		} else {
			await this.runCommand('Notifications: Show Notifications');
		}
		await center.waitFor({ state: 'visible', timeout: this.timeoutMs });
	}

	/** Parks the mouse over the editor area so no workbench hover (tooltip) covers what a test clicks next. */
	async moveMouseAway(): Promise<void> {
		const size = this.page.viewportSize() ?? { width: 1400, height: 900 };
		await this.page.mouse.move(Math.round(size.width / 2), Math.round(size.height / 3));
	}

	/** Closes the Notification Center if open. */
	async closeNotificationCenter(): Promise<void> {
		const center = this.page.locator(`${CENTER}.visible`);
		if (await center.isVisible()) {
			await this.page.keyboard.press('Escape');
			await center.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
		}
	}

	/**
	 * Waits for a notification whose message matches (substring or RegExp) in the toasts, then in the
	 * Notification Center (always the center in smoke-test-driver mode, or once toasts show nothing).
	 */
	async waitForNotification(
		message: TextMatch,
		options: { timeoutMs?: number } = {},
	): Promise<NotificationInfo> {
		const timeoutMs = options.timeoutMs ?? this.timeoutMs;
		const found = await this.findNotificationRow(message, timeoutMs);
		return found.info;
	}

	/** Clicks the button labelled `button` on the notification whose message matches. */
	async clickNotificationButton(
		message: TextMatch,
		button: string,
		options: { timeoutMs?: number } = {},
	): Promise<void> {
		const timeoutMs = options.timeoutMs ?? this.timeoutMs;
		const { row, info } = await this.findNotificationRow(message, timeoutMs);
		if (!info.buttons.includes(button)) {
			throw new Error(
				`notification ${JSON.stringify(info.message)} has no button ${JSON.stringify(button)}; buttons: ${JSON.stringify(info.buttons)}`,
			);
		}
		await this.moveMouseAway();
		await row
			.locator('.notification-list-item-buttons-container .monaco-button')
			.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(button)}\\s*$`) })
			.first()
			.click({ timeout: timeoutMs });
	}

	/**
	 * Clicks the link labelled `link` in the notification whose message matches (Hookwarden's approval answers are
	 * `command:` links in a progress notification, which has no buttons of its own besides Cancel).
	 */
	async clickNotificationLink(
		message: TextMatch,
		link: string,
		options: { timeoutMs?: number } = {},
	): Promise<void> {
		const timeoutMs = options.timeoutMs ?? this.timeoutMs;
		const { row } = await this.findNotificationRow(message, timeoutMs);
		await this.moveMouseAway();
		await row
			.locator('.notification-list-item-message a')
			.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(link)}\\s*$`) })
			.first()
			.click({ timeout: timeoutMs });
	}

	private async findNotificationRow(
		message: TextMatch,
		timeoutMs: number,
	): Promise<{ row: Locator; info: NotificationInfo }> {
		const deadline = Date.now() + timeoutMs;
		const useCenterOnly = this.server.smokeTestDriver;
		let seen: NotificationInfo[] = [];
		const look = async (
			where: 'toast' | 'center',
		): Promise<{ row: Locator; info: NotificationInfo } | undefined> => {
			const rows = this.page.locator(where === 'toast' ? TOAST_ROWS : CENTER_ROWS);
			const infos = await this.readNotificationRows(rows, where);
			seen = infos;
			const i = infos.findIndex((n) => matches(n.message, message));
			const info = infos[i];
			return info ? { row: rows.nth(i), info } : undefined;
		};
		if (!useCenterOnly) {
			// Toasts first, for most of the time; a toast can also have hidden itself already.
			const toastDeadline = deadline - Math.min(3_000, timeoutMs / 4);
			const toast = await waitFor(() => look('toast'), {
				timeoutMs: Math.max(0, toastDeadline - Date.now()),
				describe: () => '',
			}).catch(() => undefined);
			if (toast) {
				return toast;
			}
		}
		await this.openNotificationCenter();
		return waitFor(() => look('center'), {
			timeoutMs: Math.max(1_000, deadline - Date.now()),
			describe: () =>
				`no notification matching ${show(message)}; seen: ${JSON.stringify(seen.map((n) => n.message))}`,
		});
	}

	private async readNotificationRows(
		rows: Locator,
		where: 'toast' | 'center',
	): Promise<NotificationInfo[]> {
		const raw = await rows.evaluateAll((els: DomNode[]) =>
			els
				.filter((el) => el.offsetParent !== null)
				.map((el) => {
					const icon = el.querySelector('.notification-list-item-icon')?.className ?? '';
					return {
						message: (
							el.querySelector('.notification-list-item-message')?.textContent ?? ''
						).trim(),
						source: el.querySelector('.notification-list-item-source')?.textContent?.trim() ?? '',
						icon,
						buttons: Array.from(
							el.querySelectorAll('.notification-list-item-buttons-container .monaco-button'),
						).map((b: DomNode) => (b.textContent ?? '').trim()),
					};
				}),
		);
		return raw.map((r) => ({
			message: r.message,
			source: r.source ? r.source.replace(/^Source:\s*/, '') : undefined,
			severity: r.icon.includes('codicon-error')
				? 'error'
				: r.icon.includes('codicon-warning')
					? 'warning'
					: r.icon.includes('codicon-info')
						? 'info'
						: 'unknown',
			buttons: r.buttons,
			where,
		}));
	}

	// ---------------------------------------------------------------- views and trees

	/**
	 * Opens the activity-bar view container whose aria-label matches (e.g. "Hookwarden", or "Explorer").
	 * Does not toggle it closed when it is already open. Resolves when the side bar shows it.
	 */
	async openView(ariaLabel: TextMatch, options: { timeoutMs?: number } = {}): Promise<void> {
		const timeoutMs = options.timeoutMs ?? this.timeoutMs;
		const items = this.page.locator('.part.activitybar .action-item a.action-label[aria-label]');
		const index = await waitFor(
			async () => {
				const labels = await items.evaluateAll((els: DomNode[]) =>
					els.map((e: DomNode) => e.getAttribute('aria-label') ?? ''),
				);
				const i = labels.findIndex((l) =>
					typeof ariaLabel === 'string'
						? l === ariaLabel || l.startsWith(ariaLabel)
						: ariaLabel.test(l),
				);
				return i >= 0 ? i : undefined;
			},
			{
				timeoutMs,
				describe: async () =>
					`no activity-bar item ${show(ariaLabel)}; items: ${JSON.stringify(await items.evaluateAll((els: DomNode[]) => els.map((e: DomNode) => e.getAttribute('aria-label'))))}`,
			},
		);
		const item = items.nth(index);
		const checked = await item.evaluate(
			(a: DomNode) => !!a.closest('.action-item')?.classList.contains('checked'),
		);
		const sidebarVisible = await this.page.locator('.part.sidebar').isVisible();
		if (!checked || !sidebarVisible) {
			await item.click();
		}
		await waitFor(
			async () => {
				const on = await item.evaluate(
					(a: DomNode) => !!a.closest('.action-item')?.classList.contains('checked'),
				);
				return on && (await this.page.locator('.part.sidebar .composite.title').isVisible())
					? true
					: undefined;
			},
			{
				timeoutMs,
				describe: () => `view container ${show(ariaLabel)} did not open in the side bar`,
			},
		);
	}

	/** The side bar's title ("HW Fixture: Rules", "Explorer"...). */
	async sideBarTitle(): Promise<string> {
		return (
			(await this.page.locator('.part.sidebar .composite.title h2').textContent()) ?? ''
		).trim();
	}

	/**
	 * The side bar's tree panes: a pane whose header title matches `view` (e.g. "Rules"), or every tree in
	 * the side bar when `view` is omitted.
	 */
	private treeLocator(view: TextMatch | undefined): Locator {
		const panes = this.page.locator('.part.sidebar .pane');
		const scoped =
			view === undefined
				? panes
				: panes.filter({
						has: this.page.locator('.pane-header h3.title', { hasText: paneTitle(view) }),
					});
		return scoped.locator('.pane-body .monaco-list[role="tree"]');
	}

	/** Visible rows of a side-bar tree (see treeLocator for `view`). */
	async treeRows(options: { view?: TextMatch } = {}): Promise<TreeRow[]> {
		const rows = this.treeLocator(options.view).locator('.monaco-list-row');
		return rows.evaluateAll((els: DomNode[]) =>
			els.map((el) => {
				const expanded = el.getAttribute('aria-expanded');
				return {
					label: (el.querySelector('.label-name')?.textContent ?? '').trim(),
					description: (el.querySelector('.label-description')?.textContent ?? '').trim(),
					ariaLabel: el.getAttribute('aria-label') ?? '',
					level: Number(el.getAttribute('aria-level') ?? '1'),
					expanded: expanded === null ? undefined : expanded === 'true',
					selected: el.getAttribute('aria-selected') === 'true',
					actions: Array.from(el.querySelectorAll('.actions .action-label[aria-label]')).map(
						(a: DomNode) => a.getAttribute('aria-label') ?? '',
					),
				};
			}),
		);
	}

	/**
	 * Waits until `predicate` holds for the tree's rows; returns them. A collapsed pane is expanded, as a person
	 * would, since a collapsed tree shows no rows at all.
	 */
	async waitForTreeRows(
		predicate: (rows: TreeRow[]) => boolean,
		options: { view?: TextMatch; timeoutMs?: number; what?: string } = {},
	): Promise<TreeRow[]> {
		let last: TreeRow[] = [];
		return waitFor(
			async () => {
				last = await this.treeRows(options);
				if (predicate(last)) {
					return last;
				}
				if (options.view !== undefined) {
					await this.expandPane(options.view);
				}
				return undefined;
			},
			{
				timeoutMs: options.timeoutMs ?? this.timeoutMs,
				describe: async () =>
					`tree rows${options.view ? ` of ${show(options.view)}` : ''} never matched${options.what ? ` (${options.what})` : ''}; rows: ${JSON.stringify(last.map((r) => r.label))}; side bar: ${await this.describeSideBar()}`,
			},
		);
	}

	private paneHeader(view: TextMatch): Locator {
		return this.page.locator('.part.sidebar .pane .pane-header', {
			has: this.page.locator('h3.title', { hasText: paneTitle(view) }),
		});
	}

	/** Clicks a side-bar pane's header when the pane is collapsed. */
	private async expandPane(view: TextMatch): Promise<void> {
		const header = this.paneHeader(view).first();
		if ((await header.count()) > 0 && (await header.getAttribute('aria-expanded')) === 'false') {
			await header.click({ timeout: 2_000 }).catch(() => undefined);
		}
	}

	/** The side bar's title and its panes, each with whether it is expanded: what a failed wait saw. */
	private async describeSideBar(): Promise<string> {
		const panes = await this.page
			.locator('.part.sidebar .pane .pane-header')
			.evaluateAll((els: DomNode[]) =>
				els.map(
					(e: DomNode) =>
						`${(e.querySelector('h3.title')?.textContent ?? '').trim()}${e.getAttribute('aria-expanded') === 'true' ? '' : ' (collapsed)'}`,
				),
			);
		const visible = await this.page.locator('.part.sidebar').isVisible();
		return visible
			? `${JSON.stringify(await this.sideBarTitle())} with panes ${JSON.stringify(panes)}`
			: 'hidden';
	}

	/** Waits for a row whose label matches; returns it. */
	async waitForTreeRow(
		label: TextMatch,
		options: { view?: TextMatch; timeoutMs?: number } = {},
	): Promise<TreeRow> {
		const rows = await this.waitForTreeRows((rs) => rs.some((r) => matches(r.label, label)), {
			...options,
			what: `a row ${show(label)}`,
		});
		return rows.find((r) => matches(r.label, label))!;
	}

	/** Locator of the first row whose label matches (after waiting for it). */
	async treeRow(
		label: TextMatch,
		options: { view?: TextMatch; timeoutMs?: number } = {},
	): Promise<Locator> {
		await this.waitForTreeRow(label, options);
		// Found by its label, not its index: a view that refreshes between finding the row and clicking it (an event
		// arriving, a grant counted) would otherwise move the click onto a neighbour.
		return this.treeLocator(options.view)
			.locator('.monaco-list-row')
			.filter({ has: this.page.locator('.label-name', { hasText: label }) })
			.first();
	}

	/** Clicks a tree row (selects it; opens it when the item has a command). */
	async clickTreeRow(
		label: TextMatch,
		options: { view?: TextMatch; timeoutMs?: number } = {},
	): Promise<void> {
		await (await this.treeRow(label, options)).click();
	}

	/** Hovers a row and clicks its inline action (a `view/item/context` "inline" menu entry) by aria-label/title. */
	async clickRowAction(
		rowLabel: TextMatch,
		actionLabel: string,
		options: { view?: TextMatch; timeoutMs?: number } = {},
	): Promise<void> {
		const timeoutMs = options.timeoutMs ?? this.timeoutMs;
		const row = await this.treeRow(rowLabel, options);
		await row.hover();
		const action = row.locator(
			`.actions .action-label[aria-label="${actionLabel.replace(/"/g, '\\"')}"]`,
		);
		try {
			await action.first().click({ timeout: timeoutMs });
		} catch (err) {
			const available = await row
				.locator('.actions .action-label[aria-label]')
				.evaluateAll((els: DomNode[]) => els.map((e: DomNode) => e.getAttribute('aria-label')));
			throw new Error(
				`no inline action ${JSON.stringify(actionLabel)} on row ${show(rowLabel)}; actions: ${JSON.stringify(available)}`,
				{ cause: err },
			);
		}
	}

	// ---------------------------------------------------------------- webviews

	/**
	 * Waits until a webview shows text matching `pattern` and returns that webview's text. A webview's page lives in
	 * an inner frame (`fake.html`) of its own iframe; every open one is searched.
	 */
	async waitForWebviewText(pattern: RegExp, options: { timeoutMs?: number } = {}): Promise<string> {
		let seen: string[] = [];
		return waitFor(
			async () => {
				seen = [];
				for (const frame of this.page.frames()) {
					if (!frame.url().includes('fake.html')) {
						continue;
					}
					const text = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
					seen.push(text.slice(0, 200));
					if (pattern.test(text)) {
						return text;
					}
				}
				return undefined;
			},
			{
				timeoutMs: options.timeoutMs ?? this.timeoutMs,
				describe: () => `no webview shows ${String(pattern)}; webviews: ${JSON.stringify(seen)}`,
			},
		);
	}

	// ---------------------------------------------------------------- evidence

	/** Saves a full-page PNG as `test-results/screenshots/<name>.png`; returns its path. */
	async screenshot(name: string): Promise<string> {
		fs.mkdirSync(this.screenshotDir, { recursive: true });
		const file = path.join(this.screenshotDir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
		await this.page.screenshot({ path: file });
		return file;
	}

	/** On failure: a screenshot plus the server/extension-host logs and browser errors under test-results/. */
	async saveDiagnostics(name: string): Promise<{ screenshot?: string; log: string }> {
		const safe = name.replace(/[^\w.-]+/g, '_');
		let screenshot: string | undefined;
		try {
			screenshot = await this.screenshot(`FAILED-${safe}`);
		} catch {
			screenshot = undefined;
		}
		const logDir = path.join(path.dirname(this.screenshotDir), 'logs');
		fs.mkdirSync(logDir, { recursive: true });
		const log = path.join(logDir, `${safe}.log`);
		fs.writeFileSync(
			log,
			`===== browser errors =====\n${this.browserErrors.join('\n')}\n${this.server.readLog()}\n`,
		);
		return screenshot ? { screenshot, log } : { log };
	}

	/** Closes the browser (not the server). */
	async close(): Promise<void> {
		await this.browser.close();
	}
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

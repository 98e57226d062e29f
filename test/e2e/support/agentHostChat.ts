/*
 * Drives a chat on VS Code's Copilot harness (the Agent Host) in the web workbench the way a person does: pick the
 * scripted model, type a prompt, press Enter. Server switches, settings and selectors: /work/shared/real-agent-host.md.
 * Everything here is test machinery of VS Code 1.139.1 (smoke-test switches, an experimental setting); re-check it on
 * every VS Code bump.
 */
import { FAKE_CAPI_MODEL } from './fakeCopilotApi';
import type { Workbench } from './workbench';
import { waitFor } from './workbench';

/** The bearer token the workbench hands the Agent Host (checked by nobody offline; it only reaches the fake API). */
export const AGENT_HOST_TEST_TOKEN = 'gho_test-token-for-loopback';

/**
 * User settings for a Copilot-harness session offline: AI features on, every new chat on the Copilot harness, and the
 * smoke-test token (honoured only with the server's `--enable-smoke-test-driver`).
 */
export const AGENT_HOST_USER_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({
	'chat.disableAIFeatures': false,
	'chat.useHooks': true,
	'chat.defaultToCopilotHarness': true,
	'chat.agentHost.unsafeTestToken': AGENT_HOST_TEST_TOKEN,
	'security.workspace.trust.enabled': false,
	// The Chat view lives in the secondary side bar; the quiet defaults hide it.
	'workbench.secondarySideBar.defaultVisibility': 'visible',
});

const PICKER = '.interactive-input-part .model-picker-section.model-picker-name';
const INPUT = '.interactive-input-part .interactive-input-editor .monaco-editor';
const NEW_CHAT = '.part.auxiliarybar .action-label[aria-label^="New Chat"]';

/** The model picker's text, of the visible chat input. */
async function pickedModel(wb: Workbench): Promise<string> {
	const picker = wb.page.locator(PICKER).filter({ visible: true }).first();
	return (await picker.innerText().catch(() => '')).trim();
}

/**
 * Makes the scripted model the chat's model (a new session starts on "Auto", which the fake cannot serve). Waits until
 * the Agent Host listed the models, then picks "Fake CAPI Model" from the picker, under "Other Models" when folded.
 */
export async function pickFakeModel(wb: Workbench, timeoutMs = 60_000): Promise<void> {
	const page = wb.page;
	await waitFor(async () => ((await pickedModel(wb)) !== '' ? true : undefined), {
		timeoutMs,
		describe: () =>
			'the chat input shows no model picker (is the Chat view open on the Copilot harness?)',
	});
	await waitFor(
		async () => {
			if ((await pickedModel(wb)).includes(FAKE_CAPI_MODEL.name)) {
				return true;
			}
			await page.keyboard.press('Escape');
			await page.locator(PICKER).filter({ visible: true }).first().click();
			const row = page
				.locator(`.monaco-list-row[aria-label^="${FAKE_CAPI_MODEL.name}"]`)
				.filter({ visible: true });
			if (
				!(await row
					.first()
					.isVisible()
					.catch(() => false))
			) {
				await page
					.locator('.monaco-list-row', { hasText: 'Other Models' })
					.filter({ visible: true })
					.first()
					.click({ timeout: 2_000 })
					.catch(() => undefined);
			}
			await row
				.first()
				.click({ timeout: 3_000 })
				.catch(() => undefined);
			return (await pickedModel(wb)).includes(FAKE_CAPI_MODEL.name) ? true : undefined;
		},
		{
			timeoutMs,
			describe: async () =>
				`the model picker never showed ${JSON.stringify(FAKE_CAPI_MODEL.name)}: it shows ${JSON.stringify(await pickedModel(wb))} (did the Agent Host list the fake API's models?)`,
		},
	);
}

/** Types `prompt` into the chat input and sends it with Enter. */
export async function sendChatPrompt(wb: Workbench, prompt: string): Promise<void> {
	const input = wb.page.locator(INPUT).filter({ visible: true }).first();
	await input.click();
	await wb.page.keyboard.type(prompt);
	await wb.page.keyboard.press('Enter');
}

/** Starts a new chat (a new Copilot-harness session) from the Chat view's title bar. */
export async function newChat(wb: Workbench): Promise<void> {
	await wb.page.locator(NEW_CHAT).filter({ visible: true }).first().click();
	await waitFor(
		async () => {
			const rows = await wb.page
				.locator('.interactive-session .interactive-item-container')
				.count();
			return rows === 0 ? true : undefined;
		},
		{ timeoutMs: 10_000, describe: () => 'the new chat still shows the last conversation' },
	);
}

/** What the status bar item reflects. */
export interface StatusInput {
	readonly pending: number;
	readonly paused: boolean;
	/** A hook file VS Code reads registers Hookwarden, and agent hooks are on. */
	readonly hooksActive: boolean;
	/** Recorded events that prove a harness ignored a verdict (a denied tool ran anyway). */
	readonly notHonoured?: number;
	/** The host setting that keeps VS Code from running Hookwarden's hook file (`chat.hooks.allowManagedOnly`). */
	readonly switchedOffBy?: string;
	/** A session that started after the hooks were installed and never reached Hookwarden. */
	readonly silentSession?: boolean;
}

/** How the status bar item looks; no VS Code types. */
export interface StatusView {
	readonly text: string;
	readonly tooltip: string;
	/** A theme color id for the background (warning while something needs the person). */
	readonly backgroundColorId?: string;
	/** What a click does. */
	readonly action: 'answer' | 'resume' | 'showView';
}

/** Maps the shield state and pending approvals to the status bar item; pending approvals come first. */
export function presentStatus(input: StatusInput): StatusView {
	if (input.pending > 0) {
		const n = input.pending;
		return {
			text: `$(shield) ${n} approval${n === 1 ? '' : 's'}`,
			tooltip: `Hookwarden: ${n} request${n === 1 ? '' : 's'} waiting for your answer. Click to answer.`,
			backgroundColorId: 'statusBarItem.warningBackground',
			action: 'answer',
		};
	}
	if (input.paused) {
		return {
			text: '$(debug-pause) Hookwarden paused',
			tooltip:
				'Hookwarden is paused: every hook event gets no opinion, and VS Code’s own approvals decide. Click to resume.',
			backgroundColorId: 'statusBarItem.warningBackground',
			action: 'resume',
		};
	}
	if (input.switchedOffBy !== undefined) {
		return {
			text: '$(shield) Hookwarden: switched off',
			tooltip: `VS Code does not run Hookwarden’s hook file: ${input.switchedOffBy} is on, so agent tool calls in this window do not reach Hookwarden. Run "Hookwarden: Show Hook Problems" for the route that works under it.`,
			backgroundColorId: 'statusBarItem.warningBackground',
			action: 'showView',
		};
	}
	if (!input.hooksActive) {
		return {
			text: '$(shield) Hookwarden: not active',
			tooltip:
				'Hookwarden’s hooks are not installed or agent hooks are off, so agent tool calls do not reach it. Click to see why.',
			action: 'showView',
		};
	}
	if (input.silentSession) {
		return {
			text: '$(warning) Hookwarden: a session ran without it',
			tooltip:
				'An agent session started after Hookwarden’s hooks were installed and never sent Hookwarden an event. Run "Hookwarden: Show Hook Problems" to see which and why.',
			backgroundColorId: 'statusBarItem.warningBackground',
			action: 'showView',
		};
	}
	const ignored = input.notHonoured ?? 0;
	if (ignored > 0) {
		return {
			text: `$(warning) Hookwarden: ${ignored} not honoured`,
			tooltip: `A harness ran ${ignored === 1 ? 'a tool call' : `${ignored} tool calls`} Hookwarden had denied. The Events view marks ${ignored === 1 ? 'it' : 'them'} "not honoured". Click to open it.`,
			backgroundColorId: 'statusBarItem.warningBackground',
			action: 'showView',
		};
	}
	return {
		text: '$(shield) Hookwarden',
		tooltip: 'Hookwarden decides agent hook events in this window. Click to open its views.',
		action: 'showView',
	};
}

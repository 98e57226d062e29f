import * as vscode from 'vscode';

import type { ApprovalQueue } from '../../core/approvals/approvalQueue';
import type { ApprovalResolution, PendingApproval } from '../../core/approvals/pendingApproval';
import type { Provenance } from '../../core/provider/decision';
import type { AllowRule } from '../../core/approvals/alwaysAllowRule';
import { proposeAlwaysAllowRule } from '../../core/approvals/alwaysAllowRule';
import { approvalQuestion, describeResolution, presentApproval } from './approvalPresenter';
import type { ApprovalChoice, RuleScope } from '../prompts/approvalPrompt';
import { editableFieldOf, withEditedField } from '../../core/approvals/editableInput';
import { askForEditedValue } from '../prompts/editInputPrompt';
import {
	askForDenyReason,
	choicesFor,
	askToApproveModal,
	chooseApprovalAnswer,
	confirmAlwaysAllowRule,
	explainNoAlwaysAllow,
	pickPendingApproval,
	reportAlreadyResolved,
	showApprovalNotification,
} from '../prompts/approvalPrompt';
import { UI_SETTINGS } from '../uiSettings';
import { COMMANDS } from '../../host/commandIds';

/** What the approval surfaces need from the rest of the window. */
export interface ApprovalServiceParts {
	readonly approvals: ApprovalQueue;
	readonly log: vscode.LogOutputChannel;
	/** The sub-commands of a shell line as the policy's parser splits them; `undefined` when it cannot. */
	readonly subCommands: (
		line: string,
		shell: 'bash' | 'powershell',
	) => Promise<readonly string[] | undefined>;
	/** Opens the settings file at the rule that asked. */
	readonly revealRule: (askedBy: Provenance) => Promise<void>;
}

const RECENT = 10;

/**
 * Puts every pending approval in front of the person at once (a notification that closes when the approval
 * resolves, or a modal when `hookwarden.approval.modal` is on) and answers approvals from any surface — the
 * notification's links, the tree's inline actions, the status bar, the palette. The queue resolves each exactly
 * once, so the first answer wins and every surface updates from {@link onDidChange}. Keeps the last few resolved
 * approvals so the *Approvals* view can show how they ended.
 */
export class ApprovalService implements vscode.Disposable {
	private readonly onDidChangeEmitter = new vscode.EventEmitter<void>();
	private readonly recent: PendingApproval[] = [];
	private readonly unsubscribe: () => void;
	/** Fires when an approval opens or resolves. */
	readonly onDidChange = this.onDidChangeEmitter.event;

	constructor(private readonly parts: ApprovalServiceParts) {
		this.unsubscribe = parts.approvals.onDidChange((change) => {
			if (change.kind === 'opened') {
				parts.log.info(
					`approval ${change.approval.request.id} asked: ${approvalQuestion(change.approval.request, Date.now()).title}`,
				);
				this.prompt(change.approval);
			} else {
				parts.log.info(
					`approval ${change.approval.request.id} ${change.resolution.kind}: ${describeResolution(change.resolution)}`,
				);
				this.recent.unshift(change.approval);
				this.recent.length = Math.min(this.recent.length, RECENT);
			}
			this.onDidChangeEmitter.fire();
		});
	}

	/** Pending approvals, oldest first. */
	pending(): readonly PendingApproval[] {
		return this.parts.approvals.pending();
	}

	/** Approvals resolved lately, newest first. */
	resolved(): readonly PendingApproval[] {
		return this.recent;
	}

	/**
	 * Answers one approval; without a choice the person picks one, without an id they first pick the approval.
	 * An answer that comes after another surface (or the timeout) resolved it says so and changes nothing.
	 */
	async answer(target?: PendingApproval | string, choice?: ApprovalChoice): Promise<void> {
		const approval = await this.find(target);
		if (!approval) {
			return;
		}
		if (this.reportIfSettled(approval)) {
			return;
		}
		const chosen =
			choice ??
			(await chooseApprovalAnswer(
				approvalQuestion(approval.request, Date.now()),
				choicesFor(approval),
			));
		if (!chosen) {
			return;
		}
		const resolution = await this.resolutionFor(approval, chosen);
		if (resolution && !this.parts.approvals.resolve(approval.request.id, resolution)) {
			this.reportIfSettled(approval);
		}
	}

	/** The `command:` link that answers one approval from a notification. */
	answerLink(id: string, choice: ApprovalChoice): string {
		return `command:${COMMANDS.answerApproval}?${encodeURIComponent(JSON.stringify([id, choice]))}`;
	}

	dispose(): void {
		this.unsubscribe();
		this.onDidChangeEmitter.dispose();
	}

	private prompt(approval: PendingApproval): void {
		const modal = vscode.workspace
			.getConfiguration('hookwarden', uriOf(approval.request.workspaceFolder))
			.get<boolean>(UI_SETTINGS.approvalModal, false);
		if (modal) {
			void askToApproveModal(
				approvalQuestion(approval.request, Date.now()),
				choicesFor(approval),
			).then((choice) => choice && this.answer(approval, choice));
			return;
		}
		showApprovalNotification(
			approval,
			(now) => approvalQuestion(approval.request, now),
			(choice) => this.answerLink(approval.request.id, choice),
		);
	}

	private async find(
		target: PendingApproval | string | undefined,
	): Promise<PendingApproval | undefined> {
		if (typeof target === 'object') {
			return target;
		}
		const id =
			target ??
			(this.pending().length === 1
				? this.pending()[0]?.request.id
				: await pickPendingApproval(
						this.pending().map((approval) => presentApproval(approval, Date.now())),
					));
		if (id === undefined) {
			return undefined;
		}
		return this.parts.approvals.get(id) ?? this.recent.find((a) => a.request.id === id);
	}

	private reportIfSettled(approval: PendingApproval): boolean {
		const settled = approval.settled;
		if (settled) {
			reportAlreadyResolved(describeResolution(settled).toLowerCase());
		}
		return settled !== undefined;
	}

	private async resolutionFor(
		approval: PendingApproval,
		choice: ApprovalChoice,
	): Promise<ApprovalResolution | undefined> {
		switch (choice) {
			case 'once':
				return { kind: 'allowed', scope: 'once' };
			case 'edit':
				return this.allowWithChanges(approval);
			case 'session':
				return { kind: 'allowed', scope: 'session' };
			case 'deny':
				return { kind: 'denied' };
			case 'denyWithReason': {
				const reason = await askForDenyReason();
				return reason === undefined ? undefined : { kind: 'denied', reason };
			}
			case 'always':
				return (await this.alwaysAllow(approval))
					? { kind: 'allowed', scope: 'always' }
					: undefined;
		}
	}

	/** *Allow with Changes…*: the person edits the command or path, and the edited call is what runs. */
	private async allowWithChanges(
		approval: PendingApproval,
	): Promise<ApprovalResolution | undefined> {
		const { event } = approval.request;
		const field = editableFieldOf(event);
		const edited = field && (await askForEditedValue(field));
		if (!field || edited === undefined || approval.settled) {
			return undefined;
		}
		this.parts.log.info(`approval ${approval.request.id}: allowed with the ${field.what} edited`);
		return { kind: 'allowed', scope: 'once', updatedInput: withEditedField(event, field, edited) };
	}

	/** Proposes the narrowest rule, shows it and where it would go, and writes it; true once written. */
	private async alwaysAllow(approval: PendingApproval): Promise<boolean> {
		const { request } = approval;
		const event = request.event;
		const subCommands =
			event.name === 'PreToolUse' && event.tool.commandLine !== undefined
				? await this.parts.subCommands(event.tool.commandLine, event.tool.shell ?? 'bash')
				: undefined;
		const proposal = proposeAlwaysAllowRule(
			request,
			subCommands,
			new Date().toISOString().slice(0, 10),
		);
		if (proposal.kind !== 'rule') {
			const askedBy = proposal.kind === 'outranked' ? proposal.askedBy : undefined;
			const openable =
				askedBy?.source?.kind === 'userSettings' ||
				askedBy?.source?.kind === 'workspaceSettings' ||
				askedBy?.source?.kind === 'workspaceFolderSettings';
			if ((await explainNoAlwaysAllow(proposal.why, openable)) && askedBy) {
				await this.parts.revealRule(askedBy);
			}
			return false;
		}
		const scopes: RuleScope[] =
			request.workspaceFolder !== undefined && vscode.workspace.isTrusted
				? ['workspace', 'user']
				: ['user'];
		const scope = await confirmAlwaysAllowRule(
			JSON.stringify(proposal.rule, null, '\t'),
			scopes.length === 1
				? [
						...proposal.explanation,
						'This workspace is not trusted, so only User settings can loosen the policy.',
					]
				: proposal.explanation,
			scopes,
		);
		if (!scope || approval.settled) {
			return false;
		}
		await writeRule(proposal.rule, scope, request.workspaceFolder);
		this.parts.log.info(
			`approval ${request.id}: rule ${proposal.rule.id} written to ${scope} settings`,
		);
		return true;
	}
}

/** Appends a rule to `hookwarden.rules` in one settings scope, keeping the rules already there. */
async function writeRule(
	rule: AllowRule,
	scope: RuleScope,
	workspaceFolder: string | undefined,
): Promise<void> {
	const configuration = vscode.workspace.getConfiguration('hookwarden', uriOf(workspaceFolder));
	const inspected = configuration.inspect<unknown[]>('rules');
	const current = scope === 'workspace' ? inspected?.workspaceValue : inspected?.globalValue;
	await configuration.update(
		'rules',
		[...(Array.isArray(current) ? current : []), rule],
		scope === 'workspace'
			? vscode.ConfigurationTarget.Workspace
			: vscode.ConfigurationTarget.Global,
	);
}

function uriOf(folder: string | undefined): vscode.Uri | undefined {
	return folder === undefined ? undefined : vscode.Uri.file(folder);
}

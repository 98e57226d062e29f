import * as os from 'node:os';

import * as vscode from 'vscode';

import type { AlwaysAllowProposal } from '../../core/approvals/alwaysAllowRule';
import type { EditableField } from '../../core/approvals/editableInput';
import { proposeAlwaysAllowRule } from '../../core/approvals/alwaysAllowRule';
import type { ApprovalQueue } from '../../core/approvals/approvalQueue';
import type { ExceptionProposal } from '../../core/approvals/exceptionProposal';
import { proposeException } from '../../core/approvals/exceptionProposal';
import type { ApprovalResolution, PendingApproval } from '../../core/approvals/pendingApproval';
import type { PolicyFindings } from '../../host/engine/policyFindings';
import { appendSettingEntry } from '../../host/settingsEntries';
import type { ApprovalChoice, AnswerTools } from './approvalAnswers';
import { MORE_ANSWERS, offeredAnswers } from './approvalAnswers';
import {
	approvalNotificationText,
	approvalQuestion,
	describeResolution,
	presentApproval,
} from './approvalPresenter';
import type { RuleScope } from '../prompts/approvalPrompt';
import {
	askForDenyReason,
	askToApproveModal,
	chooseApprovalAnswer,
	confirmSettingsEntry,
	pickPendingApproval,
	reportAlreadyResolved,
	showApprovalNotification,
} from '../prompts/approvalPrompt';
import { askForEditedValue } from '../prompts/editInputPrompt';
import { UI_SETTINGS } from '../uiSettings';

/** What the approval surfaces need from the rest of the window. */
export interface ApprovalServiceParts {
	readonly approvals: ApprovalQueue;
	readonly log: vscode.LogOutputChannel;
	/** The sub-commands of a shell line as the policy's parser splits them; `undefined` when it cannot. */
	readonly subCommands: (
		line: string,
		shell: 'bash' | 'powershell',
	) => Promise<readonly string[] | undefined>;
	/** What the policy finds for a call now, for exceptions that name exactly what the rule matched. */
	readonly findings: PolicyFindings;
	/** Told each time a person (not the timeout) answered, for the walkthrough. */
	readonly onPersonAnswered?: () => void;
}

const RECENT = 10;

/**
 * Puts every pending approval in front of the person at once (a notification with *Allow Once*, *Deny* and *More…*,
 * or a modal when `hookwarden.approval.modal` is on) and answers approvals from any surface: the notification, the
 * tree's inline actions, the status bar, the palette. The queue resolves each exactly once, so the first answer wins
 * and every surface updates from {@link onDidChange}. Keeps the last few resolved approvals so the *Approvals* view
 * can show how they ended. Implements the {@link AnswerTools} the *More…* answers use.
 */
export class ApprovalService implements vscode.Disposable, AnswerTools {
	private readonly onDidChangeEmitter = new vscode.EventEmitter<void>();
	private readonly recent: PendingApproval[] = [];
	private readonly unsubscribe: () => void;
	private readonly alwaysAllowProposals = new WeakMap<
		PendingApproval,
		Promise<AlwaysAllowProposal>
	>();
	private readonly exceptionProposals = new WeakMap<PendingApproval, Promise<ExceptionProposal>>();
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
	 * Answers one approval; without a choice the person picks one (every answer that can work), without an id they
	 * first pick the approval. An answer that comes after another surface (or the timeout) resolved it says so and
	 * changes nothing.
	 */
	async answer(target?: PendingApproval | string, choice?: ApprovalChoice): Promise<void> {
		const approval = await this.find(target);
		if (!approval || this.reportIfSettled(approval)) {
			return;
		}
		const chosen = choice ?? (await this.choose(approval, true));
		if (chosen !== undefined) {
			await this.apply(approval, chosen);
		}
	}

	/** *More…*: offers every other answer that can work for this approval. */
	async more(target?: PendingApproval | string): Promise<void> {
		const approval = await this.find(target);
		if (!approval || this.reportIfSettled(approval)) {
			return;
		}
		const chosen = await this.choose(approval, false);
		if (chosen !== undefined) {
			await this.apply(approval, chosen);
		}
	}

	askForDenyReason(): Promise<string | undefined> {
		return askForDenyReason();
	}

	askForEditedValue(field: EditableField): Promise<string | undefined> {
		return askForEditedValue(field);
	}

	alwaysAllowProposal(approval: PendingApproval): Promise<AlwaysAllowProposal> {
		let proposal = this.alwaysAllowProposals.get(approval);
		if (!proposal) {
			proposal = this.proposeAlwaysAllow(approval);
			this.alwaysAllowProposals.set(approval, proposal);
		}
		return proposal;
	}

	async writeAlwaysAllowRule(approval: PendingApproval): Promise<boolean> {
		const proposal = await this.alwaysAllowProposal(approval);
		if (proposal.kind !== 'rule') {
			return false;
		}
		const { request } = approval;
		const scopes = this.scopesFor(request.workspaceFolder, ['workspace', 'user']);
		const scope = await confirmSettingsEntry(
			'Always allow this call?',
			'hookwarden.rules',
			JSON.stringify(proposal.rule, null, '\t'),
			[...proposal.explanation, ...untrustedNote()],
			scopes,
		);
		if (!scope || approval.settled) {
			return false;
		}
		await appendSettingEntry('rules', proposal.rule, scope, request.workspaceFolder);
		this.parts.log.info(
			`approval ${request.id}: rule ${proposal.rule.id} written to ${scope} settings`,
		);
		return true;
	}

	exceptionProposal(approval: PendingApproval): Promise<ExceptionProposal> {
		let proposal = this.exceptionProposals.get(approval);
		if (!proposal) {
			const { request } = approval;
			proposal = this.parts
				.findings(request.event, request.workspaceFolder)
				.then((findings) => proposeException(request, findings, today()))
				.catch((error: unknown): ExceptionProposal => ({
					kind: 'unavailable',
					why: `The policy could not be read again for this call: ${String(error)}`,
				}));
			this.exceptionProposals.set(approval, proposal);
		}
		return proposal;
	}

	async writeException(approval: PendingApproval): Promise<boolean> {
		const proposal = await this.exceptionProposal(approval);
		if (proposal.kind !== 'exception') {
			return false;
		}
		const { request } = approval;
		const scopes = this.scopesFor(request.workspaceFolder, proposal.scopes);
		const scope = await confirmSettingsEntry(
			`Add an exception to rule ${proposal.exception.rule}?`,
			'hookwarden.exceptions',
			JSON.stringify(proposal.exception, null, '\t'),
			[...proposal.explanation, ...untrustedNote()],
			scopes,
		);
		if (!scope || approval.settled) {
			return false;
		}
		await appendSettingEntry('exceptions', proposal.exception, scope, request.workspaceFolder);
		this.parts.log.info(
			`approval ${request.id}: exception to ${proposal.exception.rule} written to ${scope} settings`,
		);
		return true;
	}

	dispose(): void {
		this.unsubscribe();
		this.onDidChangeEmitter.dispose();
	}

	private prompt(approval: PendingApproval): void {
		const { request } = approval;
		const modal = vscode.workspace
			.getConfiguration('hookwarden', uriOf(request.workspaceFolder))
			.get<boolean>(UI_SETTINGS.approvalModal, false);
		const asked = modal
			? askToApproveModal(approvalQuestion(request, Date.now()))
			: showApprovalNotification(approvalNotificationText(request, clockTime));
		void asked.then(async (clicked) => {
			if (clicked === 'more') {
				await this.more(approval);
				// Backing out of *More…* must not leave the person without a prompt for a request that still waits.
				if (!approval.settled) {
					this.prompt(approval);
				}
			} else if (clicked) {
				await this.answer(approval, clicked);
			}
		});
	}

	private async choose(
		approval: PendingApproval,
		withButtons: boolean,
	): Promise<ApprovalChoice | undefined> {
		const more = (await offeredAnswers(approval, this)).map((answer) => ({
			answer,
			description: answer.description(approval),
		}));
		return chooseApprovalAnswer(approvalQuestion(approval.request, Date.now()), more, withButtons);
	}

	private async apply(approval: PendingApproval, choice: ApprovalChoice): Promise<void> {
		const resolution = await this.resolutionFor(approval, choice);
		if (!resolution) {
			return;
		}
		if (this.parts.approvals.resolve(approval.request.id, resolution)) {
			this.parts.onPersonAnswered?.();
		} else {
			this.reportIfSettled(approval);
		}
	}

	private async resolutionFor(
		approval: PendingApproval,
		choice: ApprovalChoice,
	): Promise<ApprovalResolution | undefined> {
		if (choice === 'once') {
			return { kind: 'allowed', scope: 'once' };
		}
		if (choice === 'deny') {
			return { kind: 'denied' };
		}
		const answer = MORE_ANSWERS.find((a) => a.id === choice);
		if (!answer) {
			return undefined;
		}
		if (!(await answer.offered(approval, this))) {
			// A tree menu or a command can name an answer that cannot work here: offer the ones that can instead.
			void vscode.window.showInformationMessage(
				`Hookwarden: “${answer.label.replace(/^\$\([^)]*\)\s*/, '')}” cannot work for this request; pick another answer.`,
			);
			const other = await this.choose(approval, true);
			return other === undefined || other === choice
				? undefined
				: this.resolutionFor(approval, other);
		}
		return answer.answer(approval, this);
	}

	private async proposeAlwaysAllow(approval: PendingApproval): Promise<AlwaysAllowProposal> {
		const { request } = approval;
		const event = request.event;
		const subCommands =
			event.name === 'PreToolUse' && event.tool.commandLine !== undefined
				? await this.parts.subCommands(event.tool.commandLine, event.tool.shell ?? 'bash')
				: undefined;
		return proposeAlwaysAllowRule(request, subCommands, today(), os.homedir());
	}

	/** The scopes an entry that loosens the policy can go to: an untrusted workspace's would be ignored. */
	private scopesFor(
		workspaceFolder: string | undefined,
		wanted: readonly RuleScope[],
	): RuleScope[] {
		const workspaceOk = workspaceFolder !== undefined && vscode.workspace.isTrusted;
		return wanted.filter((scope) => scope === 'user' || workspaceOk);
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
}

function untrustedNote(): string[] {
	return vscode.workspace.isTrusted || !vscode.workspace.workspaceFolders?.length
		? []
		: ['This workspace is not trusted, so only User settings can loosen the policy.'];
}

function today(): string {
	const now = new Date();
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function clockTime(epochMs: number): string {
	return new Date(epochMs).toLocaleTimeString();
}

function uriOf(folder: string | undefined): vscode.Uri | undefined {
	return folder === undefined ? undefined : vscode.Uri.file(folder);
}

/**
 * `hookwarden/sdk`: Hookwarden's provider layer as a library, for hosts outside VS Code (a Copilot SDK application, a
 * hook script). Pure: nothing here touches VS Code, the file system or the network.
 */
export type { Dialect } from '../core/events/dialect';
export type { HookEvent, HookEventCommon, HookEventOf, ToolCall } from '../core/events/hookEvent';
export type { HookEventName } from '../core/events/hookEventName';
export { HOOK_EVENT_NAMES, parseHookEventName } from '../core/events/hookEventName';
export type { ToolKind } from '../core/terms/toolKind';
export { toolCallOf } from '../core/reading/tools/toolCallOf';
export type {
	FailAction,
	HookDecision,
	MergedDecision,
	Provenance,
	ProviderFailure,
	RuleSource,
	Verdict,
} from '../core/terms/decision';
export { NO_OPINION } from '../core/terms/decision';
export type { FailMode } from '../core/provider/failVerdict';
export type { HookContext, HookResult, HooksProvider } from '../core/provider/hooksProvider';
export { HANDLER_NAME } from '../core/provider/hooksProvider';
export type { DecideOptions, ProviderRegistration } from '../core/provider/compositeHooksProvider';
export { CompositeHooksProvider } from '../core/provider/compositeHooksProvider';
export { mergeDecisions } from '../core/provider/mergeDecisions';
export { POLICY_PROVIDER_ID } from '../core/provider/defaultHooksProvider';
export type { SessionFacts } from '../core/judging/policyInput';
export type {
	CommandLineAnalysis,
	ShellDialect,
	SimpleCommand,
} from '../core/reading/shell/commandLine';
export type { DefaultHooksProviderOptions, PolicyModes } from './defaultProvider';
export { DefaultHooksProvider, readCommandLineWithoutGrammar } from './defaultProvider';
export type { ReadHookEventResult } from './dialect';
export { encodeDecision, readHookEvent } from './dialect';
export type {
	AdapterOptions,
	PermissionHandlerOptions,
	SessionSnapshots,
	ProviderOrChain,
	SessionHooksOptions,
} from './sessionHooks';
export { asPermissionHandler, asSessionHooks } from './sessionHooks';
export type * from './copilotSdkTypes';
export type {
	ChangeKind,
	FileCount,
	NotHeld,
	NotHeldReason,
	ObservedChange,
	Observation,
	SnapshotMissed,
	SnapshotOutcome,
	SnapshotTaken,
} from '../core/snapshots/snapshotFacts';
export type { SnapshotSettings } from '../core/settings/snapshotSettings';
export { describeObservation, describeRestorability } from '../core/snapshots/describeSnapshot';

import {
	mkdirSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import type { CommandLineAnalysis, ShellDialect } from '../../core/reading/shell/commandLine';
import { macOf, verifyMac } from '../runtime/secretMac';

/** Entries kept; past this, a write now and then trims the oldest. */
const MAX_ENTRIES = 2_000;

/**
 * Remembers shell analyses across bridge processes, so a command line an agent runs again (they repeat `npm test`,
 * `git status` and friends all session long) does not load the grammar again. Entries live in the owner-only runtime
 * folder, keyed by a hash of the line and checked against the full line, and are tied to the grammar bundle's identity
 * (size and mtime) so an updated grammar never serves an old reading.
 *
 * Every entry carries an HMAC made with the per-install secret: the agent runs as the same user and could write a
 * reading that makes `rm -rf "$HOME"` look harmless, so an entry that does not verify is ignored (and rewritten).
 */
export class AnalysisCache {
	private constructor(
		private readonly folder: string,
		private readonly key: string,
	) {}

	/**
	 * Opens the cache for the grammar bundle at `bundleFile`, authenticated with `key` (the per-install secret);
	 * `undefined` when the bundle is missing.
	 */
	static open(runtimeFolder: string, bundleFile: string, key: string): AnalysisCache | undefined {
		try {
			const stat = statSync(bundleFile);
			return new AnalysisCache(
				join(
					runtimeFolder,
					'shell-cache',
					`${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}`,
				),
				key,
			);
		} catch {
			return undefined;
		}
	}

	/** The cached analysis of exactly this line, if any entry for it verifies. */
	get(commandLine: string, dialect: ShellDialect): CommandLineAnalysis | undefined {
		try {
			const text = readFileSync(this.file(commandLine, dialect), 'utf8');
			const split = text.indexOf('\n');
			const body = text.slice(split + 1);
			if (split < 0 || !this.verifies(text.slice(0, split), body)) {
				return undefined;
			}
			const entry = JSON.parse(body) as Partial<CommandLineAnalysis>;
			return entry.commandLine === commandLine &&
				entry.dialect === dialect &&
				Array.isArray(entry.commands)
				? (entry as CommandLineAnalysis)
				: undefined;
		} catch {
			return undefined;
		}
	}

	/** Stores an analysis; failures are ignored (the cache only saves time, it never decides anything). */
	set(analysis: CommandLineAnalysis): void {
		try {
			mkdirSync(this.folder, { recursive: true, mode: 0o700 });
			const file = this.file(analysis.commandLine, analysis.dialect);
			const temporary = `${file}.${process.pid}`;
			const body = JSON.stringify(analysis);
			writeFileSync(temporary, `${this.mac(body)}\n${body}`, { mode: 0o600 });
			renameSync(temporary, file);
			if (Math.random() < 1 / 64) {
				this.trim();
			}
		} catch {
			// A full disk or a read-only folder only costs the next call a grammar load.
		}
	}

	private mac(body: string): string {
		return macOf(this.key, `hookwarden shell cache\n${body}`);
	}

	private verifies(mac: string, body: string): boolean {
		return verifyMac(this.key, `hookwarden shell cache\n${body}`, mac);
	}

	private trim(): void {
		const entries = readdirSync(this.folder).map((name) => {
			const file = join(this.folder, name);
			return { file, time: statSync(file).mtimeMs };
		});
		entries.sort((a, b) => b.time - a.time);
		for (const { file } of entries.slice(MAX_ENTRIES)) {
			rmSync(file, { force: true });
		}
	}

	private file(commandLine: string, dialect: ShellDialect): string {
		return join(this.folder, `${dialect[0] ?? 'x'}${fnv1a(commandLine)}.json`);
	}
}

/** A 52-bit FNV-1a hash in base 36: cheap to compute, and collisions are caught by comparing the stored line. */
function fnv1a(text: string): string {
	let hash = 0xcbf29ce484222325n;
	for (let i = 0; i < text.length; i++) {
		hash ^= BigInt(text.charCodeAt(i));
		hash = (hash * 0x100000001b3n) & 0xfffffffffffffn;
	}
	return hash.toString(36);
}

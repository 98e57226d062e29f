import { SOCKET_SUFFIX } from './wire';

/** What endpoint naming needs to know about the machine; passed in so this module stays pure. */
export interface EndpointHost {
	readonly platform: string;
	readonly tmpdir: string;
	/** The numeric uid on POSIX, the user name on Windows. */
	readonly user: string;
	/** `$XDG_RUNTIME_DIR` when set: a per-user, owner-only folder that is cleaned at logout. */
	readonly xdgRuntimeDir?: string;
}

/** Builds the {@link EndpointHost} from process facts each side reads itself (platform, tmpdir, uid or user name, env). */
export function endpointHostOf(facts: {
	readonly platform: string;
	readonly tmpdir: string;
	readonly uid?: number;
	readonly username: string;
	readonly xdgRuntimeDir?: string;
}): EndpointHost {
	return {
		platform: facts.platform,
		tmpdir: facts.tmpdir,
		user: facts.uid === undefined ? facts.username : String(facts.uid),
		...(facts.xdgRuntimeDir && { xdgRuntimeDir: facts.xdgRuntimeDir }),
	};
}

// sun_path holds 104 bytes on macOS (108 on Linux) including the terminator; a socket path must stay below that.
const MAX_SOCKET_PATH = 103;

/**
 * The per-user folder that holds window leases, the secret and the sockets: under `$XDG_RUNTIME_DIR` when set, else
 * `<tmpdir>/hookwarden-<user>`. The host creates it owner-only (0700) and refuses to use it if anyone else owns it.
 */
export function runtimeFolder(host: EndpointHost): string {
	const base = host.xdgRuntimeDir && host.platform !== 'win32' ? host.xdgRuntimeDir : host.tmpdir;
	const separator = host.platform === 'win32' ? '\\' : '/';
	return `${base.replace(/[\\/]+$/, '')}${separator}hookwarden-${host.user.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/**
 * The endpoint one window listens on: a unix socket `<runtime>/w-<id>.v3.sock` (see {@link SOCKET_SUFFIX}), or
 * `\\.\pipe\hookwarden-<user>-<id>` on Windows. When the runtime folder is so deep that the socket path would pass
 * the macOS limit, a short path under `/tmp` is used instead (still inside an owner-only folder).
 */
export function windowEndpoint(host: EndpointHost, windowId: string): string {
	if (host.platform === 'win32') {
		return `\\\\.\\pipe\\hookwarden-${host.user.replace(/[^A-Za-z0-9_.-]/g, '_')}-${windowId}`;
	}
	const preferred = `${runtimeFolder(host)}/w-${windowId}${SOCKET_SUFFIX}`;
	if (new TextEncoder().encode(preferred).length <= MAX_SOCKET_PATH) {
		return preferred;
	}
	return `${shortSocketFolder(host)}/w-${windowId}${SOCKET_SUFFIX}`;
}

/**
 * The folder of short socket paths, `/tmp/hookwarden-<user>`, for a runtime folder too deep for a socket path; both
 * sides check it exactly as they check the runtime folder before trusting anything in it.
 */
export function shortSocketFolder(host: EndpointHost): string {
	return `/tmp/hookwarden-${host.user.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/** Every endpoint a window of any protocol version can name for this host, as one glob (`<folder>/w-*.sock`). */
export function windowEndpointGlob(host: EndpointHost): string {
	// A placeholder as long as a real window id, so the glob falls in the same folder a real endpoint would.
	return windowEndpoint(host, 'xxxxxxxx').replace(/xxxxxxxx(?:\.v\d+)?(\.sock)?$/, '*$1');
}

/**
 * The fast path's TLS identity (a private key and its self-signed certificate, PEM), next to the secret: the window
 * serves with it and the `sh` launcher presents it, so both ends prove themselves without the secret on the wire.
 */
export function tlsIdentityFile(runtime: string): string {
	return `${runtime}/secret-identity.pem`;
}

/** The file holding the per-install secret, as an HTTP header line curl can read with `-H @file`. */
export function secretFile(runtime: string): string {
	return `${runtime}/secret.header`;
}

/** The folder of window leases, one JSON file per listening window. */
export function leaseFolder(runtime: string): string {
	return `${runtime}/windows`;
}

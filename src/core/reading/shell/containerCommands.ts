import { programName } from './programName';

/** A host folder a container sees at another path (`-v /:/host`). */
export interface Mount {
	readonly host: string;
	readonly container: string;
}

/** Where a command runs when a container runtime starts it, and which host folders it can reach. */
export interface ContainerPlace {
	/** `fresh`: a new container that goes away (`docker run`); `running`: one that holds a service's data (`exec`). */
	readonly kind: 'fresh' | 'running';
	readonly mounts: readonly Mount[];
}

/** A command a container runtime runs, with where. */
export interface ContainedCommand {
	readonly argv: readonly string[];
	readonly container: ContainerPlace;
}

const DOCKER_VALUES = new Set([
	'-v',
	'--volume',
	'-e',
	'--env',
	'-p',
	'--publish',
	'--name',
	'-w',
	'--workdir',
	'--mount',
	'--network',
	'--net',
	'-u',
	'--user',
	'--entrypoint',
	'-l',
	'--label',
	'--env-file',
	'-h',
	'--hostname',
	'--platform',
	'--cpus',
	'-m',
	'--memory',
	'--restart',
	'--device',
	'--add-host',
	'--dns',
	'--cap-add',
	'--cap-drop',
	'--security-opt',
	'--log-driver',
	'--log-opt',
	'--ulimit',
	'--pid',
	'--ipc',
	'--gpus',
	'--tmpfs',
	'--shm-size',
	'--health-cmd',
	'--cidfile',
	'-a',
	'--attach',
	'--expose',
	'--link',
	'--volumes-from',
	'--stop-signal',
	'--runtime',
	'--userns',
	'--uts',
	'--isolation',
	'--pull',
	'--detach-keys',
	'--cgroupns',
	'--group-add',
	'--stop-timeout',
	'--memory-swap',
	'-c',
	'--cpu-shares',
	'--cpuset-cpus',
	'--index',
	'--context',
	'-H',
	'--host',
	'--config',
	'--project-name',
	'-f',
	'--file',
]);

/** `-v HOST:CONTAINER[:opts]` and `--mount type=bind,source=HOST,target=CONTAINER`. */
function mountOf(option: string, value: string): Mount | undefined {
	if (option === '--mount') {
		const fields = new Map(value.split(',').map((pair) => pair.split('=', 2) as [string, string]));
		const host = fields.get('source') ?? fields.get('src');
		const container = fields.get('target') ?? fields.get('destination') ?? fields.get('dst');
		return host !== undefined && container !== undefined ? { host, container } : undefined;
	}
	const [host, container] = value.split(':');
	return host !== undefined && container !== undefined && /^[/~.$]/.test(host)
		? { host, container }
		: undefined;
}

/** Reads `docker run|exec [options] …` from `start`: mounts, entrypoint, and where the image or container name is. */
function readDocker(
	argv: readonly string[],
	start: number,
): { at: number; mounts: Mount[]; entrypoint?: string } {
	const mounts: Mount[] = [];
	let entrypoint: string | undefined;
	let index = start;
	for (; index < argv.length; index++) {
		const word = argv[index] ?? '';
		if (word === '--') {
			index++;
			break;
		}
		if (!word.startsWith('-')) {
			break;
		}
		const [option = '', attached] = word.startsWith('--')
			? word.split(/=(.*)/s, 2)
			: [word, undefined];
		if (!DOCKER_VALUES.has(option)) {
			continue;
		}
		const value = attached ?? argv[++index] ?? '';
		if (option === '-v' || option === '--volume' || option === '--mount') {
			const mount = mountOf(option, value);
			if (mount) {
				mounts.push(mount);
			}
		} else if (option === '--entrypoint') {
			entrypoint = value;
		}
	}
	return { at: index, mounts, ...(entrypoint !== undefined && { entrypoint }) };
}

/** `kubectl exec [options] POD -- CMD…` (and the older `kubectl exec POD CMD…`). */
function kubectlExec(argv: readonly string[]): ContainedCommand[] {
	const verb = argv.findIndex(
		(word, at) => at > 0 && !word.startsWith('-') && ['exec', 'debug', 'run'].includes(word),
	);
	if (verb < 0) {
		return [];
	}
	const dashDash = argv.indexOf('--', verb);
	const command = dashDash >= 0 ? argv.slice(dashDash + 1) : [];
	return command.length > 0
		? [
				{
					argv: command,
					container: { kind: argv[verb] === 'exec' ? 'running' : 'fresh', mounts: [] },
				},
			]
		: [];
}

/**
 * The command a container runtime runs inside a container: `docker|podman run [opts] IMAGE CMD…`, `docker exec
 * CONTAINER CMD…`, `docker compose run|exec SERVICE CMD…`, `kubectl exec POD -- CMD…`, with the host folders it
 * mounts, so what it does to `/host/home` is judged on the host's `/home`.
 */
export function containerCommands(argv: readonly string[]): ContainedCommand[] {
	const name = programName(argv[0] ?? '');
	if (name === 'kubectl' || name === 'oc') {
		return kubectlExec(argv);
	}
	if (!['docker', 'podman', 'nerdctl', 'docker-compose'].includes(name)) {
		return [];
	}
	const global = readDocker(argv, 1);
	let verbAt = global.at;
	if (argv[verbAt] === 'compose' || argv[verbAt] === 'container') {
		verbAt = readDocker(argv, verbAt + 1).at;
	}
	const compose = name === 'docker-compose' || argv[global.at] === 'compose';
	const verb = argv[verbAt] ?? '';
	if (!['run', 'exec'].includes(verb)) {
		return [];
	}
	const options = readDocker(argv, verbAt + 1);
	const rest = argv.slice(options.at + 1);
	const command = options.entrypoint !== undefined ? [options.entrypoint, ...rest] : rest;
	return command.length > 0
		? [
				{
					argv: command,
					// A compose service mounts what its file says, usually the project: treat it like a running one.
					container: {
						kind: verb === 'exec' || compose ? 'running' : 'fresh',
						mounts: options.mounts,
					},
				},
			]
		: [];
}

/** A container path as the host path a mount maps it to (`/host/home` under `-v /:/host` is `/home`). */
export function hostPath(path: string, mounts: readonly Mount[]): string | undefined {
	const mount = mounts
		.filter(
			({ container }) => path === container || path.startsWith(`${container.replace(/\/$/, '')}/`),
		)
		.sort((a, b) => b.container.length - a.container.length)[0];
	if (mount === undefined) {
		return undefined;
	}
	// The mount point itself of a host `/` is `/`, not the empty string.
	const mapped = `${mount.host.replace(/\/$/, '')}${path.slice(mount.container.replace(/\/$/, '').length)}`;
	return mapped === '' ? '/' : mapped;
}

/**
 * Where a command runs after `chroot NEWROOT`: its `/` is NEWROOT, so inside a container that mounts the host (`-v
 * /:/host` then `chroot /host`) it reaches the host's own folders; on the host it reaches NEWROOT's tree.
 */
export function chrootPlace(root: string, outer: ContainerPlace | undefined): ContainerPlace {
	if (!outer) {
		return { kind: 'running', mounts: [{ container: '/', host: root }] };
	}
	const host = hostPath(root, outer.mounts);
	return { kind: outer.kind, mounts: host === undefined ? [] : [{ container: '/', host }] };
}

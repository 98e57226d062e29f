import { describe, expect, it } from 'vitest';

import {
	chrootPlace,
	hostPath,
	type ContainerPlace,
} from '../../../../../src/core/reading/shell/containerCommands';
import { peelWrappers } from '../../../../../src/core/reading/shell/wrappers';

const HOST_MOUNTED: ContainerPlace = {
	kind: 'fresh',
	mounts: [
		{ container: '/host', host: '/' },
		{ container: '/app', host: '/home/dev/app' },
	],
};

describe('host paths behind container mounts', () => {
	it.each<[string, string | undefined]>([
		['/host/etc/passwd', '/etc/passwd'],
		['/host', '/'],
		['/app/dist', '/home/dev/app/dist'],
		['/hostile', undefined],
		['/tmp/x', undefined],
	])('%s', (path, expected) => {
		expect(hostPath(path, HOST_MOUNTED.mounts)).toBe(expected);
	});
});

describe('where chroot puts a command', () => {
	it('on the host, its root is the new root folder', () => {
		expect(chrootPlace('/srv/jail', undefined)).toEqual({
			kind: 'running',
			mounts: [{ container: '/', host: '/srv/jail' }],
		});
	});
	it('inside a container, a mounted new root reaches the host folder behind it', () => {
		expect(chrootPlace('/host', HOST_MOUNTED).mounts).toEqual([{ container: '/', host: '/' }]);
	});
	it("inside a container, an unmounted new root reaches nothing of the host's", () => {
		expect(chrootPlace('/opt/rootfs', HOST_MOUNTED).mounts).toEqual([]);
	});
	it('is read from the wrapper, options and all', () => {
		expect(
			peelWrappers(['chroot', '--userspec=1000:1000', '/host', 'rm', '-rf', '/x']),
		).toMatchObject({
			argv: ['rm', '-rf', '/x'],
			root: '/host',
		});
	});
});

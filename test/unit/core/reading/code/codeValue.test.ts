import { describe, expect, it } from 'vitest';

import type { CodeValue } from '../../../../../src/core/reading/code/codeAction';
import {
	concatenated,
	joinedPath,
	literal,
	parentPath,
	unknown,
} from '../../../../../src/core/reading/code/codeValue';

const computed = unknown('computed');

describe('code values', () => {
	it.each<[string, CodeValue, CodeValue, CodeValue]>([
		['two literals', literal('~/'), literal('.ssh'), literal('~/.ssh')],
		[
			'a literal then an unknown keeps the literal as a hint',
			literal('~/.ssh/'),
			computed,
			unknown('computed', '~/.ssh/*'),
		],
		['an unknown then a literal', computed, literal('/.aws'), unknown('computed', '*/.aws')],
		['two unknowns leave no hint', computed, computed, unknown('computed')],
	])('concatenated: %s', (_name, left, right, expected) => {
		expect(concatenated(left, right)).toEqual(expected);
	});

	it.each<[readonly CodeValue[], CodeValue]>([
		[[literal('a'), literal('b')], literal('a/b')],
		[[literal('a/'), literal('b')], literal('a/b')],
		[[literal('a'), literal('/etc'), literal('x')], literal('/etc/x')],
		[[literal('/tmp'), literal('~'), literal('.ssh')], literal('~/.ssh')],
		[[literal(''), literal('x')], literal('x')],
		[[computed, literal('.ssh')], unknown('computed', '*/.ssh')],
	])('joinedPath %j', (parts, expected) => {
		expect(joinedPath(parts)).toEqual(expected);
	});

	it.each<[CodeValue, CodeValue]>([
		[literal('/srv/app/x'), literal('/srv/app')],
		[literal('/x'), literal('/')],
		[literal('x'), literal('.')],
		[literal('a/b/'), literal('a')],
		[unknown('computed', '~/.ssh/*'), unknown('computed', '~/.ssh')],
	])('parentPath %j', (path, expected) => {
		expect(parentPath(path)).toEqual(expected);
	});
});

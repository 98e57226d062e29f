import { xargsArgumentFile } from '../shell/jobRunners';
import type { ProgramModel } from './programModel';

/**
 * `xargs -a .env echo`: the file its input words come from is read, and what it runs is given them (the runs
 * themselves are read as job runs by the shell reader).
 */
export const xargsInputFile: ProgramModel = (call) => {
	const file = xargsArgumentFile(['xargs', ...call.args]);
	return file === undefined || file === ''
		? []
		: [call.effect({ kind: 'read', path: file, action: 'hands on the words of' })];
};

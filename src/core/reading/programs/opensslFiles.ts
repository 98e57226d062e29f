import type { Effect } from '../../terms/effect';
import type { OptionGrammar } from './optionGrammar';
import { parseOptions, valuesOf } from './optionGrammar';
import type { ProgramModel } from './programModel';

/** Options that name a file `openssl` reads: a key, a certificate, a config, a password file (`-passin file:p`). */
const INPUTS = [
	'in',
	'inkey',
	'key',
	'signkey',
	'CA',
	'CAkey',
	'CAfile',
	'cert',
	'certfile',
	'config',
	'extfile',
	'kfile',
	'prvkey',
	// `dgst -verify pub.pem`; in `req` the same word is a flag, rarely written, and read as a file here.
	'verify',
	'signature',
	'prverify',
];

/**
 * Every `openssl` option that takes the next word, in one place: one read as a flag would make its value look like a
 * file read (`-newkey rsa:2048`, `-subj /CN=dev`). Written options (`-out`, `-keyout`) are read by the output model.
 */
const OPENSSL: OptionGrammar = {
	singleDashLongs: true,
	longValues: [
		...INPUTS,
		'out',
		'keyout',
		'newkey',
		'subj',
		'days',
		'extensions',
		'reqexts',
		'addext',
		'set_serial',
		'name',
		'passin',
		'passout',
		'pass',
		'sigopt',
		'pkeyopt',
		'algorithm',
		'cipher',
		'md',
		'connect',
		'servername',
		'host',
		'port',
		'engine',
		'inform',
		'outform',
		'keyform',
		'certform',
		'CAform',
		'CAkeyform',
		'rand',
		'writerand',
		'nameopt',
		'certopt',
		'checkend',
		'iter',
		'S',
		'K',
		'iv',
		'curve_name',
		'CApath',
		'CAserial',
		'startdate',
		'enddate',
		'section',
		'policy',
		'proxy',
		'alpn',
		'starttls',
		'macopt',
		'mac',
		'kdf',
		'kdfopt',
	],
};

/**
 * The files `openssl` reads: what its input options name, and the operands after the sub-command (`dgst -sha256
 * app.tar`, `verify cert.pem`). The sub-command and option values (`rsa:2048`, a subject) are not files, nor is a
 * password given as `pass:x`.
 */
export const opensslReads: ProgramModel = (call) => {
	const parsed = parseOptions(call.args, OPENSSL);
	const operands = parsed.operands.slice(1);
	const named = valuesOf(parsed, ...INPUTS, 'passin', 'passout', 'pass').flatMap((value) =>
		/^(?:pass|env|stdin|fd):/.test(value) ? [] : [value.replace(/^file:/, '')],
	);
	const files = [...named, ...operands];
	return files
		.filter((path) => path !== '-' && path !== '')
		.map((path): Effect => call.effect({ kind: 'read', path, action: 'reads' }));
};

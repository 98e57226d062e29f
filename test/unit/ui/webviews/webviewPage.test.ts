import { describe, expect, it } from 'vitest';

import { markdownText } from '../../../../src/core/util/markdownText';
import { markdownHtml } from '../../../../src/ui/webviews/markdownHtml';
import { webviewPage } from '../../../../src/ui/webviews/webviewPage';

describe('webviewPage', () => {
	it('allows no script at all, and styles and images only from the extension', () => {
		const html = webviewPage({
			title: 'T <x>',
			body: '<p>hi</p>',
			cspSource: 'vscode-webview://abc',
			styles: ['vscode-webview://abc/media/webview.css'],
		});
		const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
		expect(csp).toBe(
			'default-src &#39;none&#39;; style-src vscode-webview://abc; img-src vscode-webview://abc data:; font-src vscode-webview://abc',
		);
		expect(csp).not.toContain('script');
		expect(html).toContain('<title>T &lt;x&gt;</title>');
		expect(html).not.toMatch(/<script/i);
	});
});

describe('markdownHtml', () => {
	it('shows raw HTML an agent wrote as text, never as markup', () => {
		const html = markdownHtml(
			'- **Reason:** <img src=x onerror=alert(1)><script>alert(1)</script>',
		);
		expect(html).not.toMatch(/<img|<script/i);
		expect(html).toContain('&lt;script&gt;');
	});

	it('keeps links to the web and to commands, and drops every other scheme', () => {
		expect(markdownHtml('[a](https://example.com) [b](command:hookwarden.showActivity)')).toContain(
			'href="command:hookwarden.showActivity"',
		);
		const html = markdownHtml('[x](javascript:alert(1)) [y](file:///etc/passwd) [z](vscode://x)');
		expect(html).not.toMatch(/href=/);
	});

	it('renders tables, and text passed through markdownText stays text', () => {
		expect(markdownHtml('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<table>');
		const sneaky = '[run me](command:hookwarden.revoke) *bold* `code` | cell';
		const html = markdownHtml(`- ${markdownText(sneaky)}`);
		expect(html).not.toContain('<a ');
		expect(html).not.toContain('<em>');
		expect(html).toContain('[run me](command:hookwarden.revoke) *bold* `code` | cell');
	});
});

/** What a Hookwarden webview page is made of: no script at all, styles only from the extension's own files. */
export interface WebviewPageParts {
	readonly title: string;
	/** The page body, already HTML; every text from outside was escaped by whoever built it. */
	readonly body: string;
	/** `webview.cspSource`: the only origin styles and images may come from. */
	readonly cspSource: string;
	/** The stylesheets' webview URIs, in order. */
	readonly styles: readonly string[];
}

/**
 * A complete HTML page for a webview with the strictest Content Security Policy that still shows it: nothing may
 * run (`script-src` is not allowed at all), styles and images come only from the extension's files (images may also
 * be inline `data:`). Pages are redrawn by setting new HTML, so none needs a script. Themed by VS Code's CSS variables
 * in the stylesheets.
 */
export function webviewPage(parts: WebviewPageParts): string {
	const csp = [
		"default-src 'none'",
		`style-src ${parts.cspSource}`,
		`img-src ${parts.cspSource} data:`,
		`font-src ${parts.cspSource}`,
	].join('; ');
	return [
		'<!DOCTYPE html>',
		'<html lang="en">',
		'<head>',
		'<meta charset="UTF-8">',
		`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
		'<meta name="viewport" content="width=device-width, initial-scale=1.0">',
		...parts.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
		`<title>${escapeHtml(parts.title)}</title>`,
		'</head>',
		`<body>${parts.body}</body>`,
		'</html>',
	].join('\n');
}

/** Text made safe to put into HTML, in an element or an attribute. */
export function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');
}

import MarkdownIt from 'markdown-it';

// Raw HTML in the Markdown is shown as text, never parsed: event documents quote what agents wrote.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
const defaultValidate = markdown.validateLink.bind(markdown);
// Links may open the web or run the few commands the panel allows (`enableCommandUris`); nothing else.
markdown.validateLink = (url) => /^(https?|command):/i.test(url) && defaultValidate(url);

/**
 * Renders a Hookwarden document (an event's details, a replay, the audit log, an explanation) from Markdown to HTML
 * with markdown-it: CommonMark plus tables, raw HTML escaped, links only to the web or to `command:` URIs.
 */
export function markdownHtml(text: string): string {
	return markdown.render(text);
}

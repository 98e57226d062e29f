/** A document for a person to read: Markdown, shown rendered (never as source, never as a text editor Chat reads). */
export interface ReadableDocument {
	/** Stable for the same content: showing the same key again redraws its panel instead of opening another. */
	readonly key: string;
	readonly title: string;
	readonly markdown: string;
}

/** Where host services show documents; the window's UI implements it with webview panels. */
export interface ReadableDocumentPort {
	show(document: ReadableDocument): void;
}

/*
 * Where browsers keep their cookie, password and key stores, under the home folder, as data: the profile roots of
 * each browser family on Linux (also Snap and Flatpak), macOS and Windows, and the store files in a profile. A
 * cookie store read into the model's context hands over every signed-in session.
 */

/** Folders (relative to home) that hold Chromium-family profiles, each a folder of stores. */
const CHROMIUM_ROOTS = [
	String.raw`\.config/(?:google-chrome(?:-beta|-unstable)?|chromium|BraveSoftware/Brave-Browser|microsoft-edge(?:-beta|-dev)?|vivaldi|opera|yandex-browser)`,
	String.raw`snap/chromium/(?:common|current)/chromium`,
	String.raw`\.var/app/[^/]+/config/(?:google-chrome|chromium|BraveSoftware/Brave-Browser|microsoft-edge|vivaldi)`,
	String.raw`Library/Application Support/(?:Google/Chrome(?: Beta| Canary)?|Chromium|BraveSoftware/Brave-Browser|Microsoft Edge|Vivaldi|com\.operasoftware\.Opera)`,
	String.raw`AppData/Local/(?:Google/Chrome(?: Beta| SxS)?|Chromium|BraveSoftware/Brave-Browser|Microsoft/Edge|Vivaldi|Yandex/YandexBrowser)/User Data`,
	String.raw`AppData/Roaming/Opera Software/Opera (?:Stable|GX Stable)`,
];

/** A Chromium profile's stores (`Cookies` moved under `Network/` in 2021), and the root's key to decrypt them. */
const CHROMIUM_STORES = String.raw`(?:[^/]+/)?(?:Network/)?(?:Cookies|Login Data(?: For Account)?|Web Data)|Local State`;

/** Folders (relative to home) that hold Firefox-family profiles. */
const FIREFOX_ROOTS = [
	String.raw`\.mozilla/firefox`,
	String.raw`snap/firefox/common/\.mozilla/firefox`,
	String.raw`\.var/app/org\.mozilla\.firefox/\.mozilla/firefox`,
	String.raw`Library/Application Support/Firefox/Profiles`,
	String.raw`AppData/Roaming/Mozilla/Firefox/Profiles`,
	String.raw`\.thunderbird`,
	String.raw`Library/Thunderbird/Profiles`,
	String.raw`AppData/Roaming/Thunderbird/Profiles`,
];

const FIREFOX_STORES = String.raw`[^/]+/(?:cookies\.sqlite|logins\.json|key[34]\.db|signons\.sqlite)`;

/** Safari's cookie jar, in its old place and in its sandbox container. */
const SAFARI_STORES = String.raw`Library/(?:Containers/com\.apple\.Safari/Data/Library/)?Cookies/Cookies\.binarycookies`;

const BROWSER_STORE = new RegExp(
	`^(?:(?:${CHROMIUM_ROOTS.join('|')})/(?:${CHROMIUM_STORES})|(?:${FIREFOX_ROOTS.join('|')})/(?:${FIREFOX_STORES})|${SAFARI_STORES})$`,
	'i',
);

/** Whether a path relative to the home folder is a browser's cookie, password or key store. */
export function isBrowserStore(inHome: string): boolean {
	return BROWSER_STORE.test(inHome);
}

/** The walkthrough's id as VS Code names it: `<publisher>.<name>#<walkthrough id>`. */
export const WALKTHROUGH = 'hookwarden.hookwarden#hookwarden.gettingStarted';

/** The server's own version, answered by /api/health and shown by the web app's Version entry. */
export const SERVER_VERSION = '3.10.0';

/** The session cookie's name: set by the session middleware, cleared at logout, sent by the tests that hand a cookie around. */
export const SESSION_COOKIE = 'tunafy.sid';

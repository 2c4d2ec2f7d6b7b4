// Who this browser is signed in as, asked once a page (GET /api/session), and
// the requests a signed-in page sends: each that changes something carries
// the session's CSRF token in X-CSRF-Token (docs/server.md, "Accounts").

const NOBODY = {account: null, csrf: null};
let current = null;

/** The session: {account: {id, username} | null, csrf}. */
export function session(refresh = false) {
  if (!current || refresh) {
    current = fetch("/api/session", {headers: {Accept: "application/json"}})
      .then((r) => (r.ok ? r.json() : NOBODY))
      .catch(() => NOBODY);
  }
  return current;
}

/** Remember a session the server just answered (sign up, sign in, sign out). */
export function remember(answer) {
  current = Promise.resolve(answer && answer.account ? answer : NOBODY);
}

/** The header a state-changing request sends when signed in (else none). */
export async function csrfHeaders() {
  const s = await session();
  return s.csrf ? {"X-CSRF-Token": s.csrf} : {};
}

/** Send JSON with the CSRF header; the answer, or an Error with the server's message. */
export async function send(path, method, body, extra = {}) {
  const headers = {"Content-Type": "application/json", ...(await csrfHeaders()), ...extra};
  const response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  return data;
}

/** A seat this browser plays joins the signed-in account (nothing for a guest,
 * nothing said when it can't: the seat plays on as a guest's). */
export async function bindSeat(gameId, token) {
  if (!token || !(await session()).account) return false;
  try {
    await send(`/api/games/${encodeURIComponent(gameId)}/seat/account`, "POST", undefined,
      {Authorization: `Bearer ${token}`});
    return true;
  } catch {
    return false;
  }
}

/** Sign out: the session is forgotten here and on the server. */
export async function signOut() {
  remember(await send("/api/sessions", "DELETE"));
}

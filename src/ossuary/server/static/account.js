// The account page: sign in or make an account; signed in, sign out, change
// the password, download one's data, delete the account.
import {seats as mySeats} from "/static/util.js";
import {bindSeat, remember, send, session, signOut} from "/static/session.js";

const $ = (id) => document.getElementById(id);
const DAY = 86_400_000;

async function draw() {
  const {account} = await session();
  $("loading").hidden = true;
  $("signed-out").hidden = Boolean(account);
  $("signed-in").hidden = !account;
  $("account-title").textContent = account ? "Your account" : "Sign in to Ossuary";
  document.title = `${account ? "Your account" : "Sign in"} · Ossuary`;
  if (account) {
    $("you-name").textContent = account.username;
    $("password-username").value = account.username;
    // one's own player's page (ratings, latest rated games and their replays)
    $("profile-link").href = `/players/${encodeURIComponent(account.username)}`;
  }
}

/** Run a form's request; its message line says what went wrong. */
function form(id, messageId, run) {
  $(id).addEventListener("submit", async (event) => {
    event.preventDefault();
    const message = $(messageId);
    message.textContent = "";
    const button = $(id).querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await run();
    } catch (err) {
      message.className = "error";
      message.textContent = err.message;
    } finally {
      button.disabled = false;
    }
  });
}

/** The seats this browser plays in games still going join the account: a
 * guest who signs up or in mid-game keeps the seat. */
async function keepSeats() {
  const recent = Object.entries(mySeats.all()).filter(([, s]) => s.token && Date.now() - (s.at || 0) < 7 * DAY);
  let kept = 0;
  for (const [gameId, s] of recent.slice(0, 20)) {
    const game = await fetch(`/api/games/${encodeURIComponent(gameId)}`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
    if (game && game.status === "playing" && (await bindSeat(gameId, s.token))) kept += 1;
  }
  return kept;
}

async function signedIn(answer, verb) {
  remember(answer);
  await draw();
  const kept = await keepSeats();
  $("you-message").textContent = verb + (kept ? ` Your seat in ${kept === 1 ? "a game" : `${kept} games`} in progress is now under your name.` : "");
}

form("sign-in-form", "sign-in-message", async () => {
  const answer = await send("/api/sessions", "POST", {username: $("in-name").value, password: $("in-password").value});
  $("in-password").value = "";
  await signedIn(answer, "Signed in.");
});

form("sign-up-form", "sign-up-message", async () => {
  const answer = await send("/api/accounts", "POST", {username: $("up-name").value, password: $("up-password").value});
  $("up-password").value = "";
  await signedIn(answer, "Your account is ready.");
});

form("password-form", "password-message", async () => {
  await send("/api/account/password", "PUT", {old_password: $("old-password").value, new_password: $("new-password").value});
  $("old-password").value = $("new-password").value = "";
  $("password-message").className = "ok";
  $("password-message").textContent = "Password changed; your other devices are signed out.";
});

form("delete-form", "delete-message", async () => {
  await send("/api/account", "DELETE", {password: $("delete-password").value});
  $("delete-password").value = "";
  $("delete-sure").checked = false;
  remember(null);
  await draw();
  $("sign-in-message").className = "ok";
  $("sign-in-message").textContent = "Your account is deleted.";
});

$("sign-out").addEventListener("click", async () => {
  try {
    await signOut();
  } finally {
    await session(true);
    await draw();
  }
});

draw();

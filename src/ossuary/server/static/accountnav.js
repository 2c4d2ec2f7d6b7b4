// The lobby header's account links: the leaderboards, and "Sign in", or the
// signed-in name (the account page), their games (the profile) and "Sign out".
import {session, signOut} from "/static/session.js";

const nav = document.getElementById("account-nav");

async function draw() {
  const {account} = await session();
  nav.replaceChildren();
  const boards = link("/leaderboard", "Leaderboards");
  if (!account) {
    nav.append(boards, link("/account", "Sign in"));
    return;
  }
  const out = document.createElement("button");
  out.type = "button";
  out.textContent = "Sign out";
  out.addEventListener("click", async () => {
    try {
      await signOut();
    } finally {
      await draw();
    }
  });
  const name = link("/account", account.username);
  name.title = "Your account";
  const games = link(`/players/${encodeURIComponent(account.username)}`, "Your games");
  nav.append(name, games, boards, out);
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.className = "nav-link";
  a.textContent = text;
  return a;
}

if (nav) draw();

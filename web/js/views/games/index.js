// The board views, one module per game: adding a game's view is its module and one line here.
//
// A view module exports:
//   render(ctx)        draw the board and its touch controls into ctx.root (the game is set up)
//   renderSetup(ctx)   the setup wizard shown while the engine waits for its "setup" event
//   ownsDice           true when the view shows and enters the dice itself (the generic roll entry hides)
// ctx: {app, root, state, summary, submit(event) -> Promise<result|null>}

const VIEWS = {
  "nexus-keepers": () => import("./nexus-keepers.js"),
  tesseract: () => import("./tesseract.js"),
  hexors: () => import("./hexors.js"),
  nexus: () => import("./nexus.js"),
};

const loaded = new Map();

/** The view module of a game, or null when the game has none (free roll shows its charts). */
export async function viewFor(game) {
  if (!VIEWS[game]) return null;
  if (!loaded.has(game)) loaded.set(game, VIEWS[game]());
  return loaded.get(game);
}

export function hasView(game) {
  return Boolean(VIEWS[game]);
}

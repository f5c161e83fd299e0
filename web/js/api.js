// The JSON API client: carries the session's CSRF token on every change and turns errors into exceptions.

// The changes whose answer carries the game's state (docs/web.md): a fifth of a big Nexus board's is the snapshot.
const STATE_ANSWERS = new Set(["/api/events", "/api/roll", "/api/corrections", "/api/undo", "/api/game",
  "/api/resume"]);

export class ApiError extends Error {
  constructor(status, code, message, extra = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** A random key for one change (crypto.randomUUID needs HTTPS; the table serves plain HTTP). */
export function idempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class Api {
  constructor() {
    this.csrf = "";
    this.authenticated = false;
    // A request with no answer by then is given up (a change is sent once more, same key): a stalled Wi-Fi
    // link must not leave the page waiting for ever, holding back every move tapped meanwhile (app.js play).
    this.timeoutMs = 20000;
    this.pending = 0; // requests on their way: a screen is drawn once none is (app.js, markDrawn)
  }

  async session() {
    const data = await this.request("GET", "/api/session");
    this.csrf = data.csrf_token;
    this.authenticated = data.authenticated;
    return data;
  }

  get(path) { return this.request("GET", path); }

  // One key per player action: if the reply is lost and the change is sent again, the server answers
  // with its first answer instead of applying it twice (Idempotency-Key in docs/web.md). A change answered with
  // the game's state asks for it without the engine's snapshot, which the phone never draws from.
  post(path, body) {
    const lean = STATE_ANSWERS.has(path) ? `${path}?snapshot=false` : path;
    return this.request("POST", lean, body, false, idempotencyKey());
  }

  async request(method, path, body, retried = false, key = null) {
    this.pending += 1;
    try {
      return await this.send(method, path, body, retried, key);
    } finally {
      this.pending -= 1;
    }
  }

  async send(method, path, body, retried, key) {
    const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (method !== "GET") {
      options.headers["X-CSRF-Token"] = this.csrf;
      if (key) options.headers["Idempotency-Key"] = key;
      if (body !== undefined) {
        options.headers["Content-Type"] = "application/json";
        options.body = JSON.stringify(body);
      }
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.timeoutMs);
    options.signal = abort.signal;
    let response;
    let data = null;
    try {
      response = await fetch(path, options);
      try { data = await response.json(); } catch (_) { data = null; }
      if (abort.signal.aborted) throw new Error("no answer in time");
    } catch (err) {
      clearTimeout(timer);
      if (key && !retried) {  // the reply may be lost, not the request: send it again, same key
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return this.send(method, path, body, true, key);
      }
      throw new ApiError(0, "network", String(err));
    }
    clearTimeout(timer);
    if (!response.ok) {
      const { error = "http", message = response.statusText, ...extra } = data || {};
      // A stale token (the server restarted with a new session, or the PIN changed): fetch a fresh one once.
      if (response.status === 403 && error === "csrf" && !retried) {
        await this.session();
        return this.send(method, path, body, true, key);
      }
      if (response.status === 401) this.authenticated = false;
      throw new ApiError(response.status, error, message, extra);
    }
    return data;
  }

  async login(pin) {
    const data = await this.post("/api/login", { pin });
    this.csrf = data.csrf_token;
    this.authenticated = data.authenticated;
    return data;
  }

  async logout() {
    const data = await this.post("/api/logout");
    this.csrf = data.csrf_token;
    this.authenticated = data.authenticated;
    return data;
  }

  /** Every other phone must enter the PIN again; this one keeps a new sign-in (and a new CSRF token). */
  async endAllSessions() {
    const data = await this.post("/api/sessions/end-all", {});
    this.csrf = data.csrf_token;
    this.authenticated = data.authenticated;
    return data;
  }

  async changePin(current, next) {
    const data = await this.post("/api/pin", { current, new: next });
    this.csrf = data.csrf_token;
    this.authenticated = data.authenticated;
    return data;
  }
}

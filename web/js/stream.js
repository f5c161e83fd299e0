// Live updates from /api/stream (Server-Sent Events), resumed from the last event id after any break.
//
// The browser reconnects by itself and sends Last-Event-ID; when it gives up (the server was away,
// or the phone slept), we reopen with ?last_id= so nothing published meanwhile is missed.

const TOPICS = ["served", "game", "entry", "live", "camera", "board", "notice", "reset"];

export class LiveStream {
  constructor(onEvent, onStatus) {
    this.onEvent = onEvent;
    this.onStatus = onStatus;
    this.lastId = 0;
    this.source = null;
    this.retryDelay = 1000;
    this.timer = null;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && (!this.source || this.source.readyState === EventSource.CLOSED)) {
        this.reopen(0);
      }
    });
    window.addEventListener("online", () => this.reopen(0));
  }

  start(lastId) {
    this.lastId = Number(lastId) || 0;
    this.open();
  }

  open() {
    if (this.source) this.source.close();
    this.onStatus("connecting");
    const source = new EventSource(`/api/stream?last_id=${this.lastId}`);
    this.source = source;
    source.onopen = () => {
      this.retryDelay = 1000;
      this.onStatus("live");
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        this.onStatus("offline");
        this.reopen(this.retryDelay);
        this.retryDelay = Math.min(this.retryDelay * 2, 15000);
      } else {
        this.onStatus("connecting");
      }
    };
    for (const topic of TOPICS) {
      source.addEventListener(topic, (message) => {
        const id = Number(message.lastEventId);
        if (Number.isFinite(id) && (id > 0 || topic === "reset")) this.lastId = id;
        let data = null;
        try { data = JSON.parse(message.data); } catch (_) { return; }
        this.onEvent(topic, data);
      });
    }
  }

  reopen(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }
}

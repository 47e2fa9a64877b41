// The preview page keeps itself current: the server announces each new version of the check
// (Server-Sent Events, /events); the page fetches the content of that version and swaps it in,
// so the scroll position stays and unchanged faces come from the browser's cache.
"use strict";

function shown() {
  return document.getElementById("content");
}

async function update(version) {
  const current = shown();
  if (Number(current.dataset.version) >= version) {
    return;
  }
  const lang = encodeURIComponent(current.dataset.lang);
  const response = await fetch(`/content?lang=${lang}`, { cache: "no-store" });
  if (!response.ok) {
    return;
  }
  const holder = document.createElement("template");
  holder.innerHTML = await response.text();
  const next = holder.content.getElementById("content");
  if (next && Number(next.dataset.version) > Number(shown().dataset.version)) {
    shown().replaceWith(next);
  }
}

const events = new EventSource("/events");
events.addEventListener("version", (event) => {
  update(Number(event.data));
});

// The preview page keeps itself current: the server announces each new version of the check
// (Server-Sent Events, /events); the page fetches the content of that version and swaps it in,
// so the scroll position stays. A face is an image of its own URL, the digest of what it is
// drawn from: a face the version did not change keeps its element, drawn and laid out, and a
// changed one shows its old image until the new one is loaded, then the new one.
"use strict";

function shown() {
  return document.getElementById("content");
}

function place(figure) {
  return `${figure.closest("section").id}/${figure.dataset.card}/${figure.dataset.side}`;
}

function image(figure) {
  return figure.querySelector("img");
}

function alike(before, after) {
  return ["width", "height", "alt"].every(
    (name) => before.getAttribute(name) === after.getAttribute(name),
  );
}

async function swap(img, src) {
  img.dataset.wanted = src;
  const loading = new Image();
  loading.src = src;
  try {
    await loading.decode();
  } catch (error) {
    // not an image the browser can show: the element shows what the browser makes of it
  }
  if (img.dataset.wanted === src) {
    img.src = src;
  }
}

// The faces of `next` that were shown already get their elements back; the images to swap.
function kept(current, next) {
  const before = new Map([...current.querySelectorAll("figure.face")].map((f) => [place(f), f]));
  const swaps = [];
  for (const figure of next.querySelectorAll("figure.face")) {
    const old = before.get(place(figure));
    if (!old || !alike(image(old), image(figure))) {
      continue;
    }
    const src = image(figure).getAttribute("src");
    if (image(old).dataset.wanted !== src) {
      swaps.push([image(old), src]);
    }
    old.title = figure.title;
    old.querySelector("figcaption").replaceWith(figure.querySelector("figcaption"));
    figure.replaceWith(old);
  }
  return swaps;
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
    const swaps = kept(shown(), next);
    shown().replaceWith(next);
    mark(next);
    swaps.forEach(([img, src]) => swap(img, src));
  }
}

// Each image new on the page wants the face it shows.
function mark(root) {
  for (const img of root.querySelectorAll("figure.face img:not([data-wanted])")) {
    img.dataset.wanted = img.getAttribute("src");
  }
}

mark(document);

const events = new EventSource("/events");
events.addEventListener("version", (event) => {
  update(Number(event.data));
});

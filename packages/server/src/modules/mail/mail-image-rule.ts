/**
 * The one rule for images in a message's HTML (docs/product/mail.md#parsing), applied when a
 * message is read (mail-parse-task.ts, in the parse worker) and again when an imported message's
 * HTML is served from the timeline (served-mail-html.ts), so entries imported before the rule
 * existed are served by it too. Loadable by a bare worker thread: packages and erasable types only.
 *
 * As mail clients do by default, an image named on another server is not kept: fetching it would
 * tell the sender that, when and from which address a member opened the message (a tracking
 * pixel). A same-origin path is dropped too: a stranger's message has no business making the
 * reader's browser ask this server for anything. The image's alt text stays. Only an image the
 * message carries stays: a `data:` URL, or (while reading) one of its own parts named by `cid:`.
 */
import type sanitizeHtml from 'sanitize-html';

/** An image's source a message may keep as it is: one carried inside it. */
const INLINE_IMAGE = /^data:/i;

/** The `data:` URL a source other than `data:` stands for (a `cid:` part while reading), or undefined to drop it. */
export type BodyImageSource = (src: string) => string | undefined;

const noCarriedImages: BodyImageSource = () => undefined;

/** `options` (the shared allow-list) with the mail image rule on top. */
export function withMailImageRule(options: sanitizeHtml.IOptions, carried: BodyImageSource = noCarriedImages): sanitizeHtml.IOptions {
  return {
    ...options,
    allowProtocolRelative: false,
    transformTags: {
      ...options.transformTags,
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        const source = src?.trim() ?? '';
        if (INLINE_IMAGE.test(source)) return { tagName, attribs: { ...rest, src: source } };
        const replaced = carried(source);
        return { tagName, attribs: replaced ? { ...rest, src: replaced } : rest };
      },
    },
  };
}

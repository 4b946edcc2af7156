/**
 * Keeps a wrapping CodeMirror editor's line numbers beside their lines while it is out of view.
 *
 * CodeMirror measures line heights only while the editor is on screen; until then its gutter
 * uses estimated heights (14 px a line, a wrap every 7 px of text) while the text itself wraps at
 * its real size. Below the fold on a phone — the schema editor's JSON under the common
 * properties — a long wrapped line pushed every number after it out of step with its line,
 * as a whole-page screenshot or any view reached before CodeMirror's next measure showed
 * (docs/product/administration.md#schemas). CodeMirror does measure an off-screen editor
 * when the page is printed; this plugin borrows that measure after the editor is created, after
 * each change of its text and after each change of its size, while it is out of view.
 */
import type { Extension } from '@codemirror/state';
import { ViewPlugin } from '@codemirror/view';
import type { EditorView, ViewUpdate } from '@codemirror/view';

/**
 * CodeMirror's own print switch and measure (not in its public types): while printing, the whole
 * height counts as visible. Both are checked before use, so a CodeMirror without them is left alone.
 */
interface PrintableView {
  viewState?: { printing?: boolean };
  measure?: () => void;
}

function isOnScreen(view: EditorView): boolean {
  const rect = view.dom.getBoundingClientRect();
  return rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < window.innerWidth;
}

function measureAsIfPrinted(view: EditorView): void {
  const printable = view as unknown as PrintableView;
  const state = printable.viewState;
  if (!state || typeof state.printing !== 'boolean' || state.printing || typeof printable.measure !== 'function') return;
  state.printing = true;
  try {
    printable.measure();
  } finally {
    state.printing = false;
  }
}

export function measureOffscreen(): Extension {
  return ViewPlugin.fromClass(
    class {
      private frame = 0;
      private isMeasuring = false;

      constructor(private readonly view: EditorView) {
        this.schedule();
      }

      update(update: ViewUpdate) {
        // The updates our own measure causes would otherwise schedule it again, forever.
        if (!this.isMeasuring && (update.docChanged || update.geometryChanged)) this.schedule();
      }

      destroy() {
        cancelAnimationFrame(this.frame);
      }

      private schedule() {
        cancelAnimationFrame(this.frame);
        this.frame = requestAnimationFrame(() => {
          // On screen, CodeMirror's own measure is right and cheaper (it renders only what shows).
          if (!this.view.dom.isConnected || isOnScreen(this.view)) return;
          this.isMeasuring = true;
          try {
            measureAsIfPrinted(this.view);
          } finally {
            this.isMeasuring = false;
          }
        });
      }
    },
  );
}

/**
 * Which data a form draws while its caller catches up with it. JSON Forms reports a change 10 ms
 * late (debounced) and reloads its state whenever the `data` it is given changes. A caller that
 * draws a first report after the user has already typed into the next field hands JSON Forms
 * that older report back, and the newer text vanished (a browser test of the notification form
 * typed a title and then a message and, now and then, lost the message). So data the form
 * reported itself is drawn as its newest report until the caller passes that one; data from
 * anywhere else (a loaded document, a reload after an edit conflict) is drawn as given and
 * forgets the reports before it.
 */
export class NewestReport<T extends object> {
  #reported = new WeakSet<object>();
  #newest: T | undefined;
  #given: T | undefined;

  /** The data to draw, given what the caller passes now. */
  shown(given: T): T {
    if (given !== this.#given) {
      if (!this.#reported.has(given)) {
        this.#reported = new WeakSet();
        this.#newest = undefined;
      }
      this.#given = given;
    }
    return this.#newest !== undefined && this.#reported.has(given) ? this.#newest : given;
  }

  /** Whether a change JSON Forms reports is news to the caller; if so it becomes the newest report. */
  report(next: T): boolean {
    if (next === this.#given || next === this.#newest) return false;
    this.#reported.add(next);
    this.#newest = next;
    return true;
  }
}

import type { Locator, Page } from '@playwright/test';

/** A document page's workflow bar and activity panel (docs/{type}/{id}). */
export class DocumentActivityPage {
  readonly workflowBar: Locator;
  readonly status: Locator;
  readonly workflowComment: Locator;
  readonly panel: Locator;
  readonly composer: Locator;
  readonly timeline: Locator;
  readonly messageBar: Locator;

  constructor(readonly page: Page) {
    this.workflowBar = page.getByTestId('workflow-bar');
    this.status = this.workflowBar.getByTestId('workflow-status');
    this.workflowComment = this.workflowBar.getByRole('textbox', { name: 'Workflow comment' });
    this.panel = page.getByTestId('activity-panel');
    this.composer = this.panel.getByTestId('activity-composer');
    this.timeline = this.panel.getByTestId('timeline');
    this.messageBar = page.getByTestId('message-bar');
  }

  async goto(type: string, id: number): Promise<void> {
    await this.page.goto(`/#/docs/${type}/${id}`);
    await this.panel.waitFor();
  }

  action(name: string): Locator {
    return this.workflowBar.getByRole('button', { name, exact: true });
  }

  /** Timeline entries of one event type (data-event-type). */
  events(type: string): Locator {
    return this.timeline.locator(`[data-testid="event-item"][data-event-type="${type}"]`);
  }

  /**
   * Drops files onto the activity panel's box as a browser would: a DataTransfer with File
   * entries, dispatched as dragenter, dragover and drop. `size 0` entries model unreadable items.
   */
  async dropFiles(files: { name: string; mimeType: string; base64: string }[]): Promise<void> {
    const transfer = await this.page.evaluateHandle((entries) => {
      const data = new DataTransfer();
      for (const entry of entries) {
        const bytes = Uint8Array.from(atob(entry.base64), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], entry.name, { type: entry.mimeType }));
      }
      return data;
    }, files);
    for (const type of ['dragenter', 'dragover', 'drop']) await this.composer.dispatchEvent(type, { dataTransfer: transfer });
  }
}

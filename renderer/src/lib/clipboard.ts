/**
 * Copying a text the user asked for (the reproduce command): the async Clipboard API first; where it is missing
 * or refused (a browser page without the permission, Electron with permissions denied) the text is selected on
 * the page and the editing command "copy" is tried; if that fails too the text stays selected for Ctrl+C.
 * The host is passed in, so the order of attempts is tested without a browser.
 * @example await copyText('skfr cluster …', { clipboard: navigator.clipboard, select, execCopy }) // 'copied'
 */
export interface CopyHost {
  clipboard?: { writeText(text: string): Promise<void> } | undefined;
  /** Selects the text on the page. */
  select(): void;
  /** document.execCommand('copy') on the selection; false when refused. */
  execCopy(): boolean;
}

export type CopyOutcome = 'copied' | 'selected';

export async function copyText(text: string, host: CopyHost): Promise<CopyOutcome> {
  if (host.clipboard) {
    try {
      await host.clipboard.writeText(text);
      return 'copied';
    } catch {
      // Refused (no permission, page not focused): fall back to the selection.
    }
  }
  host.select();
  try {
    return host.execCopy() ? 'copied' : 'selected';
  } catch {
    return 'selected';
  }
}

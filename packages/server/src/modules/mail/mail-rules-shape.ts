/**
 * A connector rule (docs/product/mail.md#mail-rules): each new message in `folder` becomes a
 * document of `doc_type`, unless it answers an earlier one (then it joins that document's
 * timeline). Documents are created as `run_as`, the administrator who saved the rule.
 */
export interface MailRule {
  folder: string;
  doc_type: string;
  enabled: boolean;
  run_as: string;
}

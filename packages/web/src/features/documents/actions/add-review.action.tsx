/**
 * Add Review: when the type has a review and its condition holds for this document, with the
 * user's editor, admin and reviewer flags available to it (docs/product/workflow-and-timeline.md#reviews).
 */
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { evaluateFilter, parseFilter } from '@docket/shared';
import { accessOf, type DocumentActionContext, type DocumentActionEntry } from '../document-action.ts';

export function isReviewAllowed(ctx: DocumentActionContext): boolean {
  const review = ctx.type.review;
  if (!review) return false;
  if (!review.condition?.trim()) return true;
  const reviewerIds = Array.isArray(ctx.doc.reviewer_ids) ? ctx.doc.reviewer_ids : [];
  const flags = {
    editor: accessOf(ctx.doc).editor,
    admin: ctx.viewer.isAdministrator,
    reviewer: ctx.viewer.roles.includes('reviewer') || reviewerIds.includes(ctx.viewer.userId),
  };
  try {
    return evaluateFilter(parseFilter(review.condition), { ...ctx.doc, ...flags }, { userId: ctx.viewer.userId, now: new Date() });
  } catch {
    return false;
  }
}

export const entry: DocumentActionEntry = {
  id: 'add-review',
  order: 70,
  placement: 'menu',
  items: (ctx) =>
    isReviewAllowed(ctx) ? [{ key: 'add-review', label: ctx.t('documents.addReview'), icon: <RateReviewIcon />, run: ctx.openReview }] : [],
};

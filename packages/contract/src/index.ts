export * from './reply.ts';
export * from './reply-schema.ts';
export * from './call.ts';
export * from './fields.ts';
export * from './constants.ts';
export * from './storage-keys.ts';
export * from './messages.ts';
export * from './china-time.ts';
export * from './rules/index.ts';
export * from './calls/user.ts';
export * from './calls/user-agreement.ts';
export * from './calls/sms-code.ts';
export * from './calls/agent.ts';
export * from './calls/tracking.ts';
export * from './calls/catalog.ts';
export * from './calls/subject.ts';
export * from './calls/practice.ts';
export * from './calls/study-shapes.ts';
export * from './calls/study.ts';
export * from './calls/book.ts';
export * from './calls/exam-session.ts';
export * from './calls/exam.ts';
export * from './calls/every-day.ts';
export * from './calls/sprint.ts';
export * from './calls/zhiye.ts';
export * from './calls/ai.ts';
export * from './calls/clearance.ts';
export * from './calls/shop/orders.ts';
export * from './calls/shop/coupon.ts';
export * from './calls/shop/delivery.ts';
export * from './calls/shop/group-buy.ts';
export * from './calls/shop/sale.ts';
export * from './calls/shop/huabei.ts';
export * from './calls/shop/discount.ts';
export * from './calls/video.ts';
export * from './calls/video-notes.ts';
export * from './calls/reading.ts';
export * from './calls/reading-knowledge.ts';
export * from './calls/live-shapes.ts';
export * from './calls/live.ts';
export * from './live-socket.ts';
export * from './calls/plan-shapes.ts';
export * from './calls/plan.ts';
export * from './calls/message.ts';
export * from './calls/discussion.ts';
export * from './calls/upload.ts';
export * from './uploads.ts';
export * from './calls/profile.ts';
export * from './profile-rules.ts';
export * from './calls/feedback.ts';
export * from './calls/account.ts';
export * from './calls/campaign.ts';
export * from './calls/search.ts';
export * from './calls/wxapp.ts';
export * from './questions/types.ts';
export * from './questions/markup.ts';
export * from './questions/scoring.ts';
export * from './questions/import-schema.ts';
export * from './questions/papers.ts';
export * from './questions/paper-schema.ts';
export * from './test-modes.ts';
import { userCalls } from './calls/user.ts';
import { agreementCalls } from './calls/user-agreement.ts';
import { agentCalls } from './calls/agent.ts';
import { trackingCalls } from './calls/tracking.ts';
import { catalogCalls } from './calls/catalog.ts';
import { subjectCalls } from './calls/subject.ts';
import { practiceCalls } from './calls/practice.ts';
import { studyCalls } from './calls/study.ts';
import { bookCalls } from './calls/book.ts';
import { examCalls } from './calls/exam.ts';
import { everyDayCalls } from './calls/every-day.ts';
import { sprintCalls } from './calls/sprint.ts';
import { zhiyeCalls } from './calls/zhiye.ts';
import { aiCalls } from './calls/ai.ts';
import { clearanceCalls } from './calls/clearance.ts';
import { shopCalls } from './calls/shop/orders.ts';
import { couponCalls } from './calls/shop/coupon.ts';
import { videoCalls } from './calls/video.ts';
import { videoNoteCalls } from './calls/video-notes.ts';
import { readingCalls } from './calls/reading.ts';
import { knowledgeCalls } from './calls/reading-knowledge.ts';
import { liveCalls } from './calls/live.ts';
import { deliveryCalls } from './calls/shop/delivery.ts';
import { groupBuyCalls } from './calls/shop/group-buy.ts';
import { saleCalls } from './calls/shop/sale.ts';
import { huabeiCalls } from './calls/shop/huabei.ts';
import { discountCalls } from './calls/shop/discount.ts';
import { planCalls } from './calls/plan.ts';
import { messageCalls } from './calls/message.ts';
import { discussionCalls } from './calls/discussion.ts';
import { uploadCalls } from './calls/upload.ts';
import { profileCalls } from './calls/profile.ts';
import { feedbackCalls } from './calls/feedback.ts';
import { accountCalls } from './calls/account.ts';
import { campaignCalls } from './calls/campaign.ts';
import { searchCalls } from './calls/search.ts';
import { wxappCalls } from './calls/wxapp.ts';

/** Every call served by this version of the server, by id. */
export const allCalls = [
  ...Object.values(userCalls),
  ...Object.values(agreementCalls),
  ...Object.values(agentCalls),
  ...Object.values(trackingCalls),
  ...Object.values(catalogCalls),
  ...Object.values(subjectCalls),
  ...Object.values(practiceCalls),
  ...Object.values(studyCalls),
  ...Object.values(bookCalls),
  ...Object.values(examCalls),
  ...Object.values(everyDayCalls),
  ...Object.values(sprintCalls),
  ...Object.values(zhiyeCalls),
  ...Object.values(aiCalls),
  ...Object.values(clearanceCalls),
  ...Object.values(shopCalls),
  ...Object.values(couponCalls),
  ...Object.values(deliveryCalls),
  ...Object.values(groupBuyCalls),
  ...Object.values(saleCalls),
  ...Object.values(huabeiCalls),
  ...Object.values(discountCalls),
  ...Object.values(videoCalls),
  ...Object.values(videoNoteCalls),
  ...Object.values(readingCalls),
  ...Object.values(knowledgeCalls),
  ...Object.values(liveCalls),
  ...Object.values(planCalls),
  ...Object.values(messageCalls),
  ...Object.values(discussionCalls),
  ...Object.values(uploadCalls),
  ...Object.values(profileCalls),
  ...Object.values(feedbackCalls),
  ...Object.values(accountCalls),
  ...Object.values(campaignCalls),
  ...Object.values(searchCalls),
  ...Object.values(wxappCalls),
];
export * from './page-preload.ts';

import { videoCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { VideoService } from './service.ts';

/**
 * The calls of contract calls/video.ts; everything is read and written for the session's learner. A lesson to play
 * comes loaded, with the access the entitlement policy gave it (`v.lessons.of(ctx)`), and a course likewise. The appointment
 * call (one id space with live sessions) is the live module's, which hands lesson ids back to `appoint`.
 */
export const videoRoutes = (v: VideoService) => [
  handle(c.videoCourselist, async ({ session, input }) => v.courselist(session.userId, input.appID, input.level)),
  handle(c.videoAllcourses, async ({ session, input }) => v.allcourses(session.userId, input.appID, input.teacherID, input.videoSort)),
  handle(c.videoCoursedetail, async (ctx) => v.coursedetail(ctx.session.userId, v.courses.of(ctx).value)),
  handle(c.videoLesson, async (ctx) => {
    const { value, access } = v.lessons.of(ctx);
    return v.lesson(ctx.session.userId, value, access);
  }),
  handle(c.videoProgress, async (ctx) => {
    const { session, input } = ctx;
    const { value, access } = v.lessons.of(ctx);
    return v.progress(session.userId, value.lesson, access, input.position, input.ranges, input.at);
  }),
  handle(c.videoHistory, async ({ session, input }) => v.history(session.userId, input.appID, input.page ?? 1)),
  handle(c.videoLatest, async ({ session, input }) => v.latest(session.userId, input.appID)),
  handle(c.videoTeachers, async ({ session, input }) => v.teachers(session.userId, input.appID)),
  handle(c.videoTeacher, async ({ session, input }) => v.teacher(session.userId, input.teacherID, input.appID)),
  handle(c.videoFollow, async ({ session, input }) => v.follow(session.userId, input.teacherID, input.on === 1)),
  handle(c.videoFeedback, async ({ session, input }) => v.feedback(session.userId, input.lessonID, input.kind, input.text ?? '', input.second)),
  handle(c.videoExplain, async ({ input }) => v.explain(input.appID, input.allTestID)),
];

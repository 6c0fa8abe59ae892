import { VideoListScreen } from './video-list-screen';
import { VideoStudyScreen } from './video-study-screen';

/** The routes that share a screen with another (docs/video.md "Routes"). */
export const VideoList = () => <VideoListScreen />;
/** /videoEj: the second-level courses (专题课). */
export const VideoEj = () => <VideoListScreen ej />;
export const VideoStudy = () => <VideoStudyScreen mode="study" />;
export const VideoEjPlay = () => <VideoStudyScreen mode="ej" />;
export const VideoPlayonly = () => <VideoStudyScreen mode="only" />;

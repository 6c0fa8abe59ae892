import styles from './root.module.css';

const FEATURES = [
  { icon: '题', title: '题库练习', text: '按章节刷题，答完即看解析，错题自动收录' },
  { icon: '考', title: '模拟考试', text: '仿真考试计时交卷，成绩与薄弱点一目了然' },
  { icon: '视', title: '视频课程', text: '名师讲解重点难点，随时随地反复观看' },
  { icon: '播', title: '直播课堂', text: '考前直播答疑，错过了也能看回放' },
] as const;

/** What the app offers, on the entry screen. */
export function FeatureList() {
  return (
    <ul className={styles.features} aria-label="产品介绍">
      {FEATURES.map((f) => (
        <li key={f.title} className={styles.feature}>
          <span className={styles.featureIcon} aria-hidden="true">
            {f.icon}
          </span>
          <span>
            <strong className={styles.featureTitle}>{f.title}</strong>
            <span className={styles.featureText}>{f.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

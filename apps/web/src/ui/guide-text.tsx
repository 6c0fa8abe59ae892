import styles from './guide-text.module.css';

/**
 * Texts of our own about the computer-based exam (人机对话): the operating notes (/renjilist, the exam
 * room, /examinationGuide) and the short guide of /examinationGuide. Written for this app; the official
 * rules of each year's exam are in its announcement, which the texts point to.
 */

/** 机考操作说明: how the simulator works, step by step. */
export function CbtSteps() {
  return (
    <ol className={styles.guide}>
      <li>进入考场：核对准考证上的姓名、科目、试卷与座位号，阅读考场须知后开始考试。</li>
      <li>计时：以服务器时间为准，开始后离开页面也会继续计时；到时系统自动交卷。</li>
      <li>作答：点选选项即可作答，可随时修改；A3/A4型题先读病例，再答各小题；B1型题几道小题共用一组选项；X型题可选多个。</li>
      <li>标疑：拿不准的题点“标疑”，题目导航中会标出，交卷前可回头检查。</li>
      <li>题目导航：按题型显示每道题的已答、未答、标疑状态，点题号可直接跳转。</li>
      <li>分部分作答：试卷按题型分为几个部分，确认进入下一部分后，前一部分不能再修改。</li>
      <li>交卷：交卷前会提示未答题和标疑题的数量；交卷后查看成绩、分题型得分与全部解析。</li>
      <li>中途离开：答案随时自动保存，回到“考试中心”点“继续考试”即可接着作答（换设备也可以）。</li>
    </ol>
  );
}

/** The short guide of /examinationGuide (above the structure and the 机考体验). */
export function GuideIntro() {
  return (
    <div className={styles.guide}>
      <h3>考试方式</h3>
      <p>护士执业资格考试采用人机对话（计算机化考试）方式：考生在考点的计算机上阅读试题、点选答案，交卷也在屏幕上完成，不使用纸质试卷和答题卡。</p>
      <h3>科目与题型</h3>
      <p>
        考试分“专业实务”和“实践能力”两个科目，分别计时作答。试题以单项选择题为主：A1型（单句型）考查知识点本身；A2型（病例摘要型）给出一段病例后提问；A3型（病例组型）与A4型（病例串型）围绕同一病例连续提出几道小题，病情可能随题目推进而变化。
      </p>
      <h3>作答要点</h3>
      <ul>
        <li>先易后难：不确定的题先“标疑”，全部看完后再回头处理。</li>
        <li>留意剩余时间：屏幕上方的倒计时以服务器为准，时间到自动交卷，未答的题不得分。</li>
        <li>分部分作答时，确认进入下一部分前先检查本部分有无漏答。</li>
        <li>交卷前利用题目导航检查“未答”和“标疑”的题目。</li>
      </ul>
      <p className={styles.muted}>报名条件、考试日期与合格标准以当年官方考试公告为准。</p>
    </div>
  );
}

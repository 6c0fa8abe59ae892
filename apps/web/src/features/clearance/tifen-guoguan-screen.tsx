import { LevelMapScreen } from './level-map';

/** /tifenGuoguan (闯关提分): the chapter ladder — one level per chapter, in chapter order. */
export default function TifenGuoguanScreen() {
  return <LevelMapScreen kind="chapter" />;
}

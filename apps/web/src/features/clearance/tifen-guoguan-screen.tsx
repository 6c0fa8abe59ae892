import { LevelMapScreen } from './level-map';

/** /tifenGuoguan (提分过关): the chapter ladder — one level per chapter, in chapter order. */
export default function TifenGuoguanScreen() {
  return <LevelMapScreen kind="chapter" />;
}

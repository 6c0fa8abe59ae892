import { LevelMapScreen } from './level-map';

/** /randomPassCheck (随机闯关): levels drawn from the whole bank, difficulty rising by thirds. */
export default function RandomPassCheckScreen() {
  return <LevelMapScreen kind="random" />;
}

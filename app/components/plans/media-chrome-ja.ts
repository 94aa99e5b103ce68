/**
 * Japanese for the player's controls (media-chrome ships no Japanese): the labels and spoken
 * texts of the controls the test video uses, in media-chrome's own keys (its lang/en.js).
 */
export const MEDIA_CHROME_JA: Record<string, string> = {
  "Enter fullscreen mode": "全画面表示",
  "Exit fullscreen mode": "全画面表示を終了",
  Mute: "ミュート",
  Unmute: "ミュート解除",
  Play: "再生",
  Pause: "一時停止",
  "Playback rate": "再生速度",
  "Playback rate {playbackRate}": "再生速度 {playbackRate}",
  "Seek backward": "巻き戻し",
  "Seek forward": "早送り",
  "video player": "動画プレーヤー",
  volume: "音量",
  seek: "再生位置",
  "current playback rate": "現在の再生速度",
  "playback time": "再生時間",
  "media loading": "読み込み中",
  play: "再生",
  pause: "一時停止",
  mute: "ミュート",
  unmute: "ミュート解除",
  "enter fullscreen mode": "全画面表示",
  "exit fullscreen mode": "全画面表示を終了",
  "Network Error": "ネットワークエラー",
  "Decode Error": "デコードエラー",
  "Source Not Supported": "対応していない形式です",
  "A network error caused the media download to fail.":
    "ネットワークエラーのため動画を読み込めませんでした。",
  "An unsupported error occurred. The server or network failed, or your browser does not support this format.":
    "動画を再生できませんでした。お使いのブラウザーがこの形式に対応していない可能性があります。",
  hour: "時間",
  hours: "時間",
  minute: "分",
  minutes: "分",
  second: "秒",
  seconds: "秒",
  "{time} remaining": "残り {time}",
  "{currentTime} of {totalTime}": "{currentTime} / {totalTime}",
  "video not loaded, unknown time.": "動画が読み込まれていません。",
};

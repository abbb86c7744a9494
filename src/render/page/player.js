/* exported player */

// A player: reset, step back, play or pause, step, and a speed, over
// steps 0 … last, showing step n with show(n). Keys, with the focus on
// the player: → step, ← step back, P play or pause, R reset.
const SPEEDS = [1, 3, 10, 30, 100, 1000];

function player(helpers, id, last, show) {
  const root = helpers.el(id);
  const controls = root.querySelector(".ctl");
  controls.innerHTML = '<button class="step" data-do="reset">↺ reset</button>'
    + '<button class="step" data-do="back">◀ step back</button>'
    + '<button class="step" data-do="play">▶ play</button>'
    + '<button class="step" data-do="step">step ▶</button> '
    + '<span class="speedctl"><label>speed <input type="range" min="0" max="' + (SPEEDS.length - 1)
    + '" value="2"></label> <span class="speed"></span></span>';
  const state = { at: 0, timer: null };
  const button = what => controls.querySelector('[data-do="' + what + '"]');
  const speed = controls.querySelector("input");
  for (const what of ["reset", "back", "play", "step"]) {
    button(what).id = id + "-" + what;
  }
  speed.id = id + "-speed";
  const stepsPerSecond = () => SPEEDS[+speed.value];

  function go(n) {
    state.at = Math.min(Math.max(0, n), last);
    show(state.at);
    button("reset").disabled = state.at === 0;
    button("back").disabled = state.at === 0;
    button("step").disabled = state.at === last;
    if (state.at === last) {
      pause();
    }
  }

  function pause() {
    clearInterval(state.timer);
    state.timer = null;
    button("play").textContent = "▶ play";
  }

  // At most 50 ticks a second, each going as many steps as the speed asks.
  function play() {
    if (state.at === last) {
      go(0);
    }
    const tick = 1000 / Math.min(stepsPerSecond(), 50);
    const perTick = Math.max(1, Math.round(stepsPerSecond() / 50));
    clearInterval(state.timer);
    state.timer = setInterval(() => go(state.at + perTick), tick);
    button("play").textContent = "❚❚ pause";
  }

  const toggle = () => (state.timer ? pause() : play());

  function saySpeed() {
    controls.querySelector(".speed").textContent = stepsPerSecond() + " steps/s";
    speed.setAttribute("aria-valuetext", stepsPerSecond() + " steps a second");
    if (state.timer) {
      play();
    }
  }

  button("reset").addEventListener("click", () => {
    pause();
    go(0);
  });
  button("back").addEventListener("click", () => {
    pause();
    go(state.at - 1);
  });
  button("step").addEventListener("click", () => {
    pause();
    go(state.at + 1);
  });
  button("play").addEventListener("click", toggle);
  speed.addEventListener("input", saySpeed);
  root.addEventListener("keydown", e => {
    if (e.target === speed || e.altKey || e.ctrlKey || e.metaKey) {
      return;
    }
    const keys = {
      ArrowRight: () => button("step").click(),
      ArrowLeft: () => button("back").click(),
      p: toggle,
      P: toggle,
      r: () => button("reset").click(),
      R: () => button("reset").click(),
    };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  });
  saySpeed();
  go(0);
  return { go };
}

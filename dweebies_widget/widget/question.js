// A multiple-choice question (dweebies_widget.widget.question): a form with one radio button
// per choice, a Check button, a Show the answer button and a live region for the verdict.
// The answer is not in the page until the question is done (a right check, or the answer
// shown): Python sends it then (the `right` and `why` traits).  A wrong check marks its
// choice as tried (`tried`) and the student may check another.

let counter = 0;

function render({ model, el }) {
  const id = `dweebies-q-${Date.now().toString(36)}-${counter++}`;
  el.classList.add("dweebies-question");

  const form = document.createElement("form");
  const fieldset = document.createElement("fieldset");
  const legend = document.createElement("legend");
  const list = document.createElement("div");
  list.className = "dweebies-choices";
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.className = "dweebies-submit";
  const reveal = document.createElement("button");
  reveal.type = "button";
  reveal.className = "dweebies-submit dweebies-reveal";
  reveal.textContent = "Show the answer";
  const row = document.createElement("div");
  row.className = "dweebies-buttons";
  row.append(submit, reveal);
  const verdict = document.createElement("div");
  verdict.className = "dweebies-verdict";
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");
  fieldset.append(legend, list);
  form.append(fieldset, row, verdict);
  el.append(form);

  let inputs = [];
  let marks = [];

  const build = () => {
    legend.textContent = model.get("prompt");
    const choices = model.get("choices") || [];
    const letters = "ABCDE";
    inputs = [];
    marks = [];
    list.replaceChildren(
      ...choices.map((text, i) => {
        const label = document.createElement("label");
        label.className = "dweebies-choice";
        const input = document.createElement("input");
        input.type = "radio";
        input.name = id;
        input.value = String(i);
        input.addEventListener("change", () => {
          if (input.checked && !model.get("done")) {
            model.set("choice", i);
            model.save_changes();
          }
        });
        const letter = document.createElement("span");
        letter.className = "dweebies-letter";
        letter.textContent = `${letters[i]}.`;
        const words = document.createElement("span");
        words.textContent = text;
        const mark = document.createElement("span");
        mark.className = "dweebies-mark";
        label.append(input, letter, words, mark);
        inputs.push(input);
        marks.push(mark);
        return label;
      }),
    );
    update();
  };

  const update = () => {
    const done = model.get("done");
    const submitted = model.get("submitted");
    const choice = model.get("choice");
    const right = model.get("right");
    const tried = model.get("tried") || [];
    inputs.forEach((input, i) => {
      const wrong = tried.includes(i);
      input.checked = i === choice;
      input.disabled = done || wrong;
      const label = input.parentElement;
      label.classList.toggle("dweebies-right", done && i === right);
      label.classList.toggle("dweebies-wrong", wrong);
      // Words, not only colours: which one was right, and which ones were tried.
      let text = "";
      if (done && i === right) text = i === choice ? " \u2714 your answer: right" : " \u2714 the right answer";
      else if (wrong) text = " \u2716 tried: not this one";
      marks[i].textContent = text;
    });
    const again = submitted && !done;
    submit.disabled = done || choice < 0 || tried.includes(choice);
    submit.textContent = done ? "Answered" : again ? "Check again" : "Check my answer";
    reveal.hidden = !again;
    const words = submitted ? [model.get("verdict"), model.get("why")].filter(Boolean).join(" ") : "";
    if (verdict.textContent !== words) verdict.textContent = words;
    const good = done && choice === right;
    verdict.classList.toggle("dweebies-right", submitted && good);
    verdict.classList.toggle("dweebies-wrong", submitted && !good);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const choice = model.get("choice");
    if (!model.get("done") && choice >= 0) model.send({ event: "submit", choice });
  });
  reveal.addEventListener("click", () => {
    if (!model.get("done")) model.send({ event: "reveal" });
  });

  build();
  model.on("change:prompt", build);
  model.on("change:choices", build);
  for (const name of ["choice", "submitted", "tried", "done", "right", "verdict", "why"]) {
    model.on(`change:${name}`, update);
  }
}

export default { render };

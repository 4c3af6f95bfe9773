// A multiple-choice question (dweebies_widget.widget.question): a form with one radio button
// per choice, a Check button and a live region for the verdict.  The answer is not in the page
// until the student has submitted: Python sends it then (the `right`, `verdict` and `why`
// traits).

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
  submit.textContent = "Check my answer";
  const verdict = document.createElement("div");
  verdict.className = "dweebies-verdict";
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");
  fieldset.append(legend, list);
  form.append(fieldset, submit, verdict);
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
          if (input.checked && !model.get("submitted")) {
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
    const submitted = model.get("submitted");
    const choice = model.get("choice");
    const right = model.get("right");
    inputs.forEach((input, i) => {
      input.checked = i === choice;
      input.disabled = submitted;
      const label = input.parentElement;
      label.classList.toggle("dweebies-right", submitted && i === right);
      label.classList.toggle("dweebies-wrong", submitted && i === choice && i !== right);
      // Words, not only colours: which one was right, and which one was yours.
      let text = "";
      if (submitted && i === right) text = i === choice ? " \u2714 your answer: right" : " \u2714 the right answer";
      else if (submitted && i === choice) text = " \u2716 your answer";
      marks[i].textContent = text;
    });
    submit.disabled = submitted || choice < 0;
    submit.textContent = submitted ? "Answered" : "Check my answer";
    const words = submitted ? [model.get("verdict"), model.get("why")].filter(Boolean).join(" ") : "";
    if (verdict.textContent !== words) verdict.textContent = words;
    verdict.classList.toggle("dweebies-right", submitted && choice === right);
    verdict.classList.toggle("dweebies-wrong", submitted && choice !== right);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const choice = model.get("choice");
    if (!model.get("submitted") && choice >= 0) model.send({ event: "submit", choice });
  });

  build();
  model.on("change:prompt", build);
  model.on("change:choices", build);
  for (const name of ["choice", "submitted", "right", "verdict", "why"]) {
    model.on(`change:${name}`, update);
  }
}

export default { render };

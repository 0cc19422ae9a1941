// The lobby: squads and seats in, a game out (POST /api/games, docs/server.md).
const form = document.getElementById("lobby");
const problems = document.getElementById("problems");

const examples = await (await fetch("/api/examples")).json();
form.squad1.value = JSON.stringify(examples.squads[0], null, 1);
form.squad2.value = JSON.stringify(examples.squads[1], null, 1);

function parsed(text, player) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Player ${player}'s squad is not JSON: ${error.message}`);
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  problems.textContent = "";
  let request;
  try {
    request = {
      squads: [parsed(form.squad1.value, 1), parsed(form.squad2.value, 2)],
      seats: [form.seat1.value, form.seat2.value],
    };
  } catch (error) {
    problems.textContent = error.message;
    return;
  }
  if (form.seed.value !== "") request.seed = Number(form.seed.value);
  const response = await fetch("/api/games", {method: "POST", body: JSON.stringify(request)});
  const answer = await response.json();
  if (!response.ok) {
    const list = document.createElement("ul");
    for (const problem of answer.problems) {
      const item = document.createElement("li");
      item.textContent = (problem.squad ? `Squad ${problem.squad}: ` : "") + problem.message;
      list.append(item);
    }
    problems.append(answer.error, list);
    return;
  }
  const humans = answer.seats.filter((seat) => seat.kind === "human");
  const here = form.online.checked ? humans.filter((seat) => seat.player === 1) : humans;
  const url = (seats) => `/play#game=${answer.game}&tokens=${seats.map((s) => s.token).join(",")}`;
  if (form.online.checked && humans.some((seat) => seat.player === 2)) {
    document.getElementById("invite").hidden = false;
    document.getElementById("link").value =
      location.origin + url(humans.filter((seat) => seat.player === 2));
    document.getElementById("go").href = url(here);
    return;
  }
  location.href = url(here.length ? here : answer.seats.slice(0, 1));
});
